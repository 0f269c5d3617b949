import Foundation
import ReaderTestHarness
import Testing

/// `reader serve`'s failures as the command line says them: one line, the contract's code.
@Suite struct ServeCommandTests {
    @Test func aPortInUseIsOneLineNamingTheAddressAndExit4() async throws {
        let busy = try await LoopbackServer { _ in .status(200) }
        let store = try temporaryFolder("serve-busy")
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .binary)
        let run = try await reader.run(["serve", "--port", String(busy.port)])
        #expect(run.status == 4, "\(run)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("reader: http://127.0.0.1:\(busy.port)/"), "\(run)")
        #expect(run.stderr.contains("cannot listen there: port \(busy.port) is in use"), "\(run)")
        #expect(!run.stderr.contains("errno") && !run.stderr.contains("bind("), "in words, not SwiftNIO's: \(run)")
        #expect(run.stdout.isEmpty)
        await busy.stop()
    }

    @Test func anAddressNotOfThisMachineIsOneLineAndExit4WithNoWarningBefore() async throws {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("serve-elsewhere")], runner: .binary)
        let run = try await reader.run(["serve", "--host", "192.0.2.1", "--port", "0"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr == "reader: http://192.0.2.1:0/: cannot listen there: 192.0.2.1 is not an address of this machine\n", "\(run)")
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [["serve", "--port", "70000"], ["serve", "--host", "a b"], ["serve", "--port", "x"]])
    func aBadOptionIsAUsageError(_ words: [String]) async throws {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("serve-usage")], runner: .inProcess)
        let run = try await reader.run(words)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.hasPrefix("reader: "), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
    }
}
