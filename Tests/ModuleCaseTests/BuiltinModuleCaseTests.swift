import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderModuleCases
import ReaderPluginAPI
import Testing

/// Every case under `Plugins/<Name>/Cases/`, run against the built-in module it names: adding
/// a module folder with its cases adds its tests here, with no edit to this target.
@Suite struct BuiltinModuleCaseTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ModuleCaseTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let loaded = Result { try ModuleCase.all(inModuleFolders: repository.appendingPathComponent("Plugins")) }
    static let cases = (try? loaded.get()) ?? []

    @Test(arguments: cases)
    func moduleCase(_ moduleCase: ModuleCase) throws {
        let registration = Registry(modules: builtinModules).registrations.first { $0.module.descriptor.name == moduleCase.module }
        let module = try #require(registration?.module, "no built-in module is named '\(moduleCase.module)'")
        for failure in moduleCase.run(with: module) {
            Issue.record(Comment(rawValue: "\(moduleCase.file.lastPathComponent): \(failure)"))
        }
    }

    /// The cases read, and every built-in module has some.
    @Test func everyModuleHasCases() throws {
        let cases = try Self.loaded.get()
        let tested = Set(cases.map(\.module))
        for module in builtinModules {
            #expect(tested.contains(module.descriptor.name), "\(module.descriptor.name) has no Cases/")
        }
        #expect(cases.count >= 30)
    }
}
