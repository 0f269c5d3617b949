import Foundation
import ReaderKit
import ReaderTestHarness
import ReaderTestSupport
import Synchronization
import Testing

/// Servers that say "slow down" (429 or 503 with `Retry-After`) a few times before they
/// answer: `reader` waits as asked, within its bound (60 s a wait, 5 repeats), and goes on.
@Suite struct SlowDownEndToEndTests {
    static let page = Array("<html><head><title>Patience</title></head><body><p>Served at last.</p></body></html>".utf8)

    /// Requests counted as they come.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func next() -> Int {
            count.withLock { count in
                count += 1
                return count
            }
        }
        var value: Int { count.withLock { $0 } }
    }

    /// A server that answers the first `refusals` requests with `status` and `Retry-After`.
    func server(refusals: Int, status: Int = 429, retryAfter: String) async throws -> (LoopbackServer, Counter) {
        let asked = Counter()
        let server = try await LoopbackServer { request in
            let count = asked.next()
            if count <= refusals { return .status(status, headers: [("Retry-After", retryAfter)]) }
            return .serve(["/page.html": Self.page], request: request)
        }
        return (server, asked)
    }

    @Test(arguments: [(429, "1"), (503, "Wed, 21 Oct 2015 07:28:00 GMT")])
    func aFewSlowDownsAreWaitedFor(status: Int, retryAfter: String) async throws {
        let (server, asked) = try await server(refusals: 2, status: status, retryAfter: retryAfter)
        defer { Task { await server.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("slow")], runner: .inProcess)
        let run = try await reader.run(["fetch", server.baseURL + "/page.html", "--verbose"])
        #expect(run.status == 0, "\(run)")
        #expect(asked.value == 3)
        #expect(run.stderr.contains("HTTP \(status), the server asks to wait"), "\(run)")
    }

    @Test func pastTheBoundTheFailureIsAsBefore() async throws {
        // Always "slow down": asked once and five times more, then exit 4.
        let (always, asked) = try await server(refusals: .max, retryAfter: "0")
        defer { Task { await always.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("slow-bound")], runner: .inProcess)
        let run = try await reader.run(["fetch", always.baseURL + "/page.html"])
        #expect(run.status == 4 && run.stderr.contains("HTTP 429"), "\(run)")
        #expect(asked.value == 6)

        // A wait longer than 60 s is not waited for.
        let (long, askedLong) = try await server(refusals: 1, retryAfter: "3600")
        defer { Task { await long.stop() } }
        let refused = try await reader.run(["fetch", long.baseURL + "/page.html"])
        #expect(refused.status == 4 && refused.stderr.contains("retry after 3600"), "\(refused)")
        #expect(askedLong.value == 1)
    }

    final class Discard: BodySink, @unchecked Sendable {
        func write(_ bytes: UnsafeRawBufferPointer) throws {}
    }

    @Test func cancellingEndsTheWaitAtOnce() async throws {
        // Asked to wait 60 s, then served: a wait that cancelling did not end would succeed.
        let (server, asked) = try await server(refusals: 1, retryAfter: "60")
        defer { Task { await server.stop() } }
        let fetcher = Fetcher()
        let waits = Mutex<[Int]>([])
        let fetch = Task {
            try await fetcher.fetch(
                server.baseURL + "/page.html", into: Discard(), waiting: { seconds in waits.withLock { $0.append(seconds) } })
        }
        while waits.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        fetch.cancel()
        await #expect(throws: ReaderError.cancelled) { try await fetch.value }
        #expect(waits.withLock { $0 } == [60])
        #expect(asked.value == 1)
        await fetcher.shutdown()
    }

    /// The real RFC index cut after its 300th issued RFC, and a text for each.
    static func rfcSite() throws -> (files: [String: [UInt8]], issued: Int) {
        let index = String(decoding: try Corpus.bytes("rfc/rfc-index.txt"), as: UTF8.self)
        var kept: [Substring] = []
        var issued: [Int] = []
        for line in index.split(separator: "\n", omittingEmptySubsequences: false) {
            if let number = Int(line.prefix(4)), line.count > 4, line.dropFirst(4).first == " " {
                if issued.count == 300 { break }
                if !line.contains("Not Issued") { issued.append(number) }
            }
            kept.append(line)
        }
        var files = ["/rfc-index.txt": Array(kept.joined(separator: "\n").utf8)]
        // Small real RFCs: what is measured is the waiting, not the bytes (the six corpus RFCs
        // made 78 MB, and the whole suite's servers waited on it).
        let texts = try ["rfc1", "rfc3986"].map { try Corpus.bytes("rfc/\($0).txt") }
        for number in issued { files["/rfc/rfc\(number).txt"] = texts[number % texts.count] + Array("\n\(number)\n".utf8) }
        return (files, issued.count)
    }

    @Test func aBulkFetchFromAServerThatRateLimitsEveryTenthRequestStoresAll300() async throws {
        let (files, issued) = try Self.rfcSite()
        #expect(issued == 300)
        let asked = Counter()
        let limited = Counter()
        let server = try await LoopbackServer { request in
            if asked.next() % 10 == 0 {
                _ = limited.next()
                return .status(429, headers: [("Retry-After", "1")])
            }
            return .serve(files, request: request)
        }
        defer { Task { await server.stop() } }
        // The built binary: its parses and hashing in a process of their own, not on the
        // threads of the servers of every test running beside it.
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": try temporaryFolder("slow-bulk"), "READER_RFC_EDITOR_URL": server.baseURL])
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        let run = try await reader.run(["fetch", "rfc", "all", "--jobs", "8"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("300 of 300 done (300 fetched, 0 already stored)"), "\(run)")
        #expect(limited.value >= 30)
        let list = try await reader.run(["cache", "ls", "--source", "rfc", "--json"])
        let stored = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(stored?.count == 300)
    }
}
