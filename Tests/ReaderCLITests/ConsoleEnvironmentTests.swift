import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCLI

/// `reader` reads its environment from the C library's `environ` (``Console/processEnvironment()``),
/// not through `ProcessInfo`: the same variables, a value holding `=` kept whole.
@Suite struct ConsoleEnvironmentTests {
    @Test func theEnvironmentIsTheOneProcessInfoReads() {
        #expect(Console.processEnvironment() == ProcessInfo.processInfo.environment)
    }

    /// Through the built binary: a store folder named with `=` and a space (synthetic), given by
    /// `READER_CACHE_DIR`, is where `reader` looks — and what `cache stats` names.
    @Test func aValueWithAnEqualsSignIsReadWhole() async throws {
        let store = try temporaryFolder("environment") + "/a=b c"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .binary)
        let run = try await reader.run(["cache", "stats"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("a=b c"), "\(run)")
    }
}
