import ArgumentParser
import Foundation
import ReaderKit
import ReaderModuleCases
import ReaderPluginAPI

/// `reader sources --check FOLDER`: a module's test cases, run against the module as reader
/// has it — built in, or loaded from the plugin path — so that a module written outside this
/// repository is tested through the same boundary that will run it.
struct SourcesCheck {
    let folder: String
    let registrations: [Registry.Registration]
    let json: Bool

    struct Outcome: Encodable {
        var file: String
        var module: String
        var origin: String?
        var failures: [String]
    }

    func run() throws {
        let cases: [ModuleCase]
        do {
            cases = try ModuleCase.all(in: URL(fileURLWithPath: folder))
        } catch let error as ModuleCase.Malformed {
            throw ReaderError.usage(error.description)
        } catch {
            throw ReaderError.usage("\(folder): cannot read the cases folder (\(error.localizedDescription))")
        }
        guard !cases.isEmpty else { throw ReaderError.usage("\(folder): no cases (*.json) in it") }
        let outcomes = cases.map { moduleCase -> Outcome in
            guard let registration = registrations.first(where: { $0.module.descriptor.name == moduleCase.module }) else {
                return Outcome(
                    file: moduleCase.file.lastPathComponent, module: moduleCase.module, origin: nil,
                    failures: ["no module named '\(moduleCase.module)': 'reader sources' lists them"])
            }
            return Outcome(
                file: moduleCase.file.lastPathComponent, module: moduleCase.module, origin: registration.origin,
                failures: moduleCase.run(with: registration.module))
        }
        let failed = outcomes.filter { !$0.failures.isEmpty }.count
        if json {
            Terminal.printRaw(try JSONRenderer.line(outcomes))
        } else {
            var lines: [String] = []
            for outcome in outcomes {
                lines.append("\(outcome.failures.isEmpty ? "ok  " : "FAIL") \(outcome.module) \(outcome.file)")
                lines += outcome.failures.map { "       \($0)" }
            }
            lines.append("cases of \(folder): \(outcomes.count - failed) held, \(failed) failed")
            Terminal.print(lines.joined(separator: "\n"))
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
