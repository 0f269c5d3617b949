import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch rfc …` and `reader open N`, run in process (`ReaderCommand.execute`), against a real HTTP
/// server on 127.0.0.1 serving the real RFCs.
@Suite struct RFCTextEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-rfc")
    }

    func reader(_ server: LoopbackServer) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
    }

    @Test func fetchThenOpenOfflineShowsTheReadingViewWithTheObsoletedBanner() async throws {
        let files = [
            "/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt"),
            "/rfc/rfc793.txt": try Corpus.bytes("rfc/rfc793.txt"),
        ]
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try reader(server)
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        let fetch = try await reader.run(["fetch", "rfc", "793"])
        #expect(fetch.status == 0, "\(fetch)")
        await server.stop()

        let open = try await reader.run(["open", "793", "--offline"])
        #expect(open.status == 0, "\(open)")
        let lines = open.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.contains("Obsoleted by RFC 9293") == true)
        #expect(open.stdout.contains("Transmission Control Protocol"))
        #expect(open.stdout.contains("3.2  Terminology"))
        #expect(!open.stdout.contains("\u{0C}"))
        #expect(!open.stdout.contains("[Page "))
        #expect(lines.allSatisfy { !$0.hasPrefix("RFC 793 ") || !$0.hasSuffix("September 1981") })

        let section = try await reader.run(["open", "793", "--offline", "--section", "3.2"])
        #expect(section.stdout.contains("Send Sequence Variables"))
        #expect(!section.stdout.contains("3.3  Sequence Numbers"))

        let json = try await reader.run(["open", "793", "--offline", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "rfc")
        #expect(object["key"] as? String == "rfc/793")
        #expect(object["number"] as? Int == 793)
        #expect(object["obsoletedBy"] as? [Int] == [9293])
        #expect((object["sections"] as? [[String: Any]])?.contains { $0["number"] as? String == "3.2" } == true)

        let markdown = try await reader.run(["open", "793", "--offline", "--format", "markdown"])
        #expect(markdown.stdout.contains("### 3.2 Terminology"))
        #expect(markdown.stdout.contains("```"))

        let absent = try await reader.run(["open", "9999", "--offline"])
        #expect(absent.status == 3)
        #expect(absent.stderr.contains("reader fetch rfc 9999"))
        // --offline is common to every command: a fetch of what is stored is done, of what is not, exit 3.
        #expect(try await reader.run(["fetch", "rfc", "793", "--offline"]).stdout.contains("already stored"))
        #expect(try await reader.run(["fetch", "rfc", "9999", "--offline"]).status == 3)
    }

    /// RFCs 1-60 served as copies of RFC 1, with 13, 26, 39 and 52 missing.
    func sixty(delay: TimeInterval = 0) throws -> LoopbackServer.Handler {
        let rfc1 = try Corpus.bytes("rfc/rfc1.txt")
        var files: [String: [UInt8]] = [:]
        for number in 1...60 where number % 13 != 0 { files["/rfc/rfc\(number).txt"] = rfc1 }
        let served = files
        return { request in delay > 0 ? .delayed(delay, .serve(served, request: request)) : .serve(served, request: request) }
    }

    @Test func aBulkFetchWithMissingRFCsFetchesTheRestAndNamesTheMissing() async throws {
        let server = try await LoopbackServer(try sixty())
        defer { Task { await server.stop() } }
        let run = try await reader(server).run(["fetch", "rfc", "1-60", "--jobs", "8"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout.contains("56 of 60 done"), "\(run)")
        for missing in ["rfc/13", "rfc/26", "rfc/39", "rfc/52"] {
            #expect(run.stdout.contains(missing))
            #expect(run.stderr.contains("\(missing): "))
        }
        let again = try await reader(server).run(["fetch", "rfc", "1-12"])
        #expect(again.stdout.contains("12 of 12 done (0 fetched, 12 already stored)"), "\(again)")
        #expect(try await reader(server).run(["cache", "verify"]).status == 0)
    }

    @Test func anInterruptedBulkFetchStopsCleanlyAndARerunResumes() async throws {
        // RFCs from 20 on never answer until the rerun: however slowly this test gets to its
        // Ctrl-C under load, the fetch is still running when it comes.
        let served = try sixty(delay: 0.2)
        let server = try await LoopbackServer { request in
            let number = Int(request.uri.dropFirst("/rfc/rfc".count).prefix { $0.isNumber }) ?? 0
            return number >= 20 ? .stall : served(request)
        }
        defer { Task { await server.stop() } }
        let process = try reader(server).start(["fetch", "rfc", "1-60", "--jobs", "2"])
        // Interrupted once it has stored something: under load a process can still be
        // starting after seconds, and a Ctrl-C then ends it by the default action (status 2),
        // before `reader` is there to handle it.
        let started = Date().addingTimeInterval(60)
        while try await storedEntries() == 0 && process.isRunning && Date() < started {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        process.interrupt()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 130)
        #expect(try await reader(server).run(["cache", "verify"]).status == 0)

        server.setHandler(try sixty())
        let rerun = try await reader(server).run(["fetch", "rfc", "1-60"])
        #expect(rerun.stdout.contains("56 of 60 done"), "\(rerun)")
        let stored = try #require(rerun.stdout.firstMatch(of: /(\d+) already stored/)?.1).description
        #expect((Int(stored) ?? 0) > 0, "\(rerun)")
    }

    /// The entries `reader cache stats` counts in the store (0 before it has a catalog).
    func storedEntries() async throws -> Int {
        let stats = try await ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess).run(["cache", "stats", "--json"])
        let object = try? JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        return object?["entries"] as? Int ?? 0
    }
}
