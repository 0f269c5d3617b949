import Foundation
import ReaderTestHarness
import Testing

/// A server that is not there fails at once, in words: a refused connection is not retried
/// until the connect timeout, an unknown host is said to be one, and a TLS failure names no
/// library. Each runs with `--timeout 600`: a retry loop would hold the command for ten
/// minutes, past the harness's own limit, and fail the test; no time is asserted.
@Suite struct FailFastTests {
    func run(_ url: String) async throws -> ReaderBinary.Run {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("fail-fast")])
        return try await reader.run(["fetch", url, "--timeout", "600"], timeout: 120)
    }

    /// One line naming the URL, in words: no type names, error codes or build paths.
    func isPlain(_ run: ReaderBinary.Run, _ url: String) -> Bool {
        let lines = run.stderr.split(separator: "\n")
        return lines.count == 1 && lines[0].hasPrefix("reader: \(url): ") && !run.stderr.contains("Error.")
            && !run.stderr.contains("/.build/") && !run.stderr.contains("BoringSSL") && !run.stderr.contains("(error -")
    }

    @Test func aRefusedConnectionFailsAtOnce() async throws {
        let closed = try ClosedPort()
        let url = closed.baseURL + "/page.html"
        let run = try await run(url)
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("connection refused") && isPlain(run, url), "\(run)")
        withExtendedLifetime(closed) {}
    }

    @Test func anUnknownHostIsSaidToBeOne() async throws {
        let url = "http://no-such-host.invalid/page.html"
        let run = try await run(url)
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("host name does not resolve") && isPlain(run, url), "\(run)")
    }

    @Test func aTLSFailureNamesNoLibrary() async throws {
        // A plain HTTP server spoken to as https.
        let server = try await LoopbackServer { _ in .ok(Array("hello".utf8)) }
        defer { Task { await server.stop() } }
        let url = server.baseURL.replacingOccurrences(of: "http://", with: "https://") + "/page.html"
        let run = try await run(url)
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("TLS") && isPlain(run, url), "\(run)")
    }
}
