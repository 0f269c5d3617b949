import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import Testing

@testable import ReaderCatalog
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderStore
@testable import ReaderSupport

/// A built-in source is one folder under `Plugins/` and one line in `BuiltinModules.swift`:
/// `Package.swift`, the fuzzer and the module case tests find the folder themselves, so the
/// only list to keep is checked here against the folders.
@Suite struct BuiltinModuleListTests {
    static let plugins = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Plugins")

    static var folders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: plugins.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyFolderUnderPluginsIsRegisteredOnceAsNameModule() throws {
        try #require(!Self.folders.isEmpty)
        // `RFCIndex.RFCIndexModule`: the Swift module is the folder, the type is `<Name>Module`.
        let registered = builtinModules.map { String(reflecting: type(of: $0)) }
        #expect(registered.sorted() == Self.folders.map { "\($0).\($0)Module" }.sorted())
        #expect(Set(builtinModules.map(\.descriptor.name)).count == builtinModules.count)
    }

    @Test func everyModuleHasCasesForTheCaseRunner() throws {
        for folder in Self.folders {
            let cases = Self.plugins.appendingPathComponent(folder).appendingPathComponent("Cases").path
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cases)) ?? []
            #expect(files.contains { $0.hasSuffix(".json") }, "Plugins/\(folder)/Cases has no case")
        }
    }
}
