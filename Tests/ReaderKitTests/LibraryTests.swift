import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// The engine used as a library, as another Swift program would: fetch with progress events,
/// per-request cancellation, open, list, search.
@Suite struct LibraryTests {
    /// A generous read timeout unless a test sets its own: the loopback server answers in the
    /// test process, which a loaded two-core CI run can keep from answering for 30 s.
    func makeReader(_ server: LoopbackServer, offline: Bool = false, readTimeout: TimeInterval = 120) throws -> Reader {
        var limits = Fetcher.Limits()
        limits.readTimeout = readTimeout
        return Reader(
            configuration: Configuration(
                storeRoot: try temporaryFolder("library"), settings: Settings(["READER_RFC_EDITOR_URL": server.baseURL]),
                offline: offline, jobs: 4, limits: limits), modules: builtinModules)
    }

    @Test func fetchStreamsQueuedProgressAndFinishedThenListAndSearchWork() async throws {
        let index = try Corpus.bytes("rfc/rfc-index.txt")
        let server = try await LoopbackServer { .serve(["/rfc-index.txt": index], request: $0) }
        defer { Task { await server.stop() } }
        let reader = try makeReader(server)
        let operation = reader.fetch(try reader.fetchRequests(["rfc-index"]))
        var events: [ProgressEvent] = []
        for await event in operation.events { events.append(event) }
        #expect(events.first == .queued(key: "rfc-index"))
        #expect(events.contains { if case .inProgress(_, let bytes, _) = $0 { bytes > 0 } else { false } })
        guard case .finished(_, let result) = events.last else {
            Issue.record("last event: \(String(describing: events.last))")
            return
        }
        #expect(result.status == .fetched)
        #expect(result.entries == 9816)
        #expect(result.bytesFetched == index.count)

        #expect(try reader.list(year: 1969).count > 0)
        #expect(try reader.list(limit: 5).map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(try reader.search(["rfc793"]).first?.id == "793")
        let opened = try await reader.open(.source(type: "rfc-index", argument: ""))
        #expect(opened.document.entries.count == 9816)
    }

    @Test func cancellingOneRequestLeavesTheOthersRunning() async throws {
        let index = try Corpus.bytes("rfc/rfc-index.txt")
        let server = try await LoopbackServer { request in
            request.uri.hasPrefix("/stall") ? .stall : .serve(["/rfc-index.txt": index], request: request)
        }
        defer { Task { await server.stop() } }
        let reader = try makeReader(server)
        let stalled = server.baseURL + "/stall.html"
        let operation = reader.fetch([.url(stalled), .source(type: "rfc-index", argument: "")])
        var outcome: [String: String] = [:]
        for await event in operation.events {
            switch event {
            case .queued(let key) where key == stalled:
                Task {
                    try await Task.sleep(nanoseconds: 300_000_000)
                    await operation.cancel(key: key)
                }
            case .finished(let key, _): outcome[key] = "finished"
            case .cancelled(let key): outcome[key] = "cancelled"
            case .failed(let key, let error): outcome[key] = "failed: \(error)"
            default: break
            }
        }
        #expect(outcome == [stalled: "cancelled", "rfc-index": "finished"])
        #expect(try reader.store.entry(stalled) == nil)
        #expect(reader.store.verify().ok)
    }

    @Test func aRequestCancelledWhileQueuedIsNeverAsked() async throws {
        let server = try await LoopbackServer { request in
            request.uri.hasPrefix("/stall") ? .stall : .serve(["/page.html": Array("<p>hi</p>".utf8)], request: request)
        }
        defer { Task { await server.stop() } }
        let reader = Reader(
            configuration: Configuration(
                storeRoot: try temporaryFolder("library"), settings: Settings([:]), jobs: 1), modules: builtinModules)
        let stalled = server.baseURL + "/stall.html"
        let queued = server.baseURL + "/page.html"
        let operation = reader.fetch([.url(stalled), .url(queued)])
        var outcome: [String: String] = [:]
        for await event in operation.events {
            switch event {
            case .queued(let key) where key == queued:
                // One slot: the page waits behind the stalled request until both are cancelled.
                await operation.cancel(key: queued)
                Task {
                    try await Task.sleep(nanoseconds: 300_000_000)
                    await operation.cancel(key: stalled)
                }
            case .finished(let key, _): outcome[key] = "finished"
            case .cancelled(let key): outcome[key] = "cancelled"
            case .failed(let key, let error): outcome[key] = "failed: \(error)"
            default: break
            }
        }
        #expect(outcome == [stalled: "cancelled", queued: "cancelled"])
        // The stalled request may be cancelled before it reaches the server on a loaded machine.
        #expect(!server.requests.contains { $0.uri == "/page.html" })
    }

    @Test func offlineNeverConnectsAndSaysWhatWouldFetch() async throws {
        let server = try await LoopbackServer { _ in .status(500) }
        defer { Task { await server.stop() } }
        let reader = try makeReader(server, offline: true)
        await #expect(throws: ReaderError.notStored(key: "rfc-index", command: "reader fetch rfc-index")) {
            try await reader.open(.source(type: "rfc-index", argument: ""))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aStalledServerTimesOutWithANetworkError() async throws {
        let server = try await LoopbackServer { _ in .stall }
        defer { Task { await server.stop() } }
        let reader = try makeReader(server, readTimeout: 1)
        await #expect {
            try await reader.fetch(.source(type: "rfc-index", argument: ""))
        } throws: { error in
            guard case ReaderError.network(let url, let reason) = error else { return false }
            return url.hasSuffix("/rfc-index.txt") && reason.contains("timed out")
        }
    }
}
