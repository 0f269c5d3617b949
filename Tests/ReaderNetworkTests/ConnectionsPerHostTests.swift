import Foundation
import ReaderTestHarness
import Testing

/// A bulk fetch is polite to each host: at most four connections to it, whatever `--jobs`
/// says (`NetworkSetup.connectionsPerHost`), the requests past that waiting their turn in the
/// fetcher (`HostGate`) — never failed by the HTTP client's pool deadline.
@Suite struct ConnectionsPerHostTests {
    @Test func aBulkFetchOpensAtMostFourConnectionsToOneHost() async throws {
        let pages = Dictionary(
            uniqueKeysWithValues: (1...16).map {
                ("/page\($0).html", Array("<html><head><title>Page \($0)</title></head><body><p>Text.</p></body></html>".utf8))
            })
        // Each answer takes a while, so that eight jobs would all be waiting at once.
        let server = try await LoopbackServer { request in .delayed(0.3, .serve(pages, request: request)) }
        defer { Task { await server.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("per-host")])
        let urls = (1...16).map { server.baseURL + "/page\($0).html" }
        let run = try await reader.run(["fetch"] + urls + ["--jobs", "8"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("16 of 16 done"), "\(run)")
        #expect(server.requests.count == 16)
        #expect((1...4).contains(server.connectionsAccepted), "\(server.connectionsAccepted) connections to one host")
    }
}
