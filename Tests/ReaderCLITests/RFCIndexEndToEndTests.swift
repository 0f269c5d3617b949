import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch rfc-index`, `list`, `search` and `open rfc-index`, run in process (`ReaderCommand.execute`),
/// against a real HTTP server on 127.0.0.1 serving the real index.
@Suite(.serialized) struct RFCIndexEndToEndTests {
    let index: [UInt8]
    let store: String

    init() throws {
        index = try Corpus.bytes("rfc/rfc-index.txt")
        store = try temporaryFolder("e2e-index")
    }

    func reader(_ server: LoopbackServer) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func fetchThenListAndSearchOfflineThenRevalidateWith304() async throws {
        let files = ["/rfc-index.txt": index]
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try reader(server)

        let fetch = try await reader.run(["fetch", "rfc-index"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stdout.contains("9816 entries (9816 new, 0 updated)"), "\(fetch)")
        #expect(fetch.stdout.split(separator: "\n").count == 1)

        // list and search read the store only: the server goes away meanwhile.
        server.setHandler { _ in .status(500) }
        let list = try await reader.run(["list", "--limit", "3", "--json"])
        #expect(list.status == 0, "\(list)")
        let first = try json(list.stdout)
        #expect(first.map { $0["number"] as? Int } == [1, 2, 3])
        #expect(first.first?["title"] as? String == "Host Software")

        let standards = try json(try await reader.run(["list", "--status", "INTERNET STANDARD", "--json"]).stdout)
        #expect(standards.contains { $0["number"] as? Int == 793 })
        #expect(standards.allSatisfy { $0["status"] as? String == "INTERNET STANDARD" })

        let year = try json(try await reader.run(["list", "--year", "1981", "--json"]).stdout)
        #expect(year.contains { $0["number"] as? Int == 793 })
        #expect(year.allSatisfy { ($0["date"] as? String)?.hasPrefix("1981") == true })

        let byNumber = try json(try await reader.run(["search", "793", "--json"]).stdout)
        #expect(byNumber.first?["number"] as? Int == 793)
        let byWords = try json(try await reader.run(["search", "transmission", "control", "protocol", "--json"]).stdout)
        #expect(byWords.contains { $0["number"] as? Int == 793 })
        #expect(byWords.allSatisfy { ($0["title"] as? String)?.lowercased().contains("transmission") == true })
        let human = try await reader.run(["search", "Postel", "--limit", "5"])
        #expect(human.status == 0)
        #expect(human.stdout.split(separator: "\n").count == 5)
        #expect(human.stdout.contains("Postel"))

        // A second fetch from the same server: the stored ETag makes it a 304.
        let asked = server.requests.count
        server.setHandler { .serve(files, request: $0) }
        let second = try await reader.run(["fetch", "rfc-index"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.contains("not modified"), "\(second)")
        #expect(server.requests.count == asked + 1)
        #expect(server.requests.last?.headers["if-none-match"] != nil)
        await server.stop()

        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
    }

    @Test func openingTheIndexOfflineOnAnEmptyStoreExits3AndNamesTheFetch() async throws {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        let run = try await reader.run(["open", "rfc-index", "--offline"])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("reader fetch rfc-index"))
        let list = try await reader.run(["list"])
        #expect(list.status == 3)
        #expect(!FileManager.default.fileExists(atPath: store + "/catalog.json"))
    }

    @Test func usageErrorsExit64() async throws {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        #expect(try await reader.run(["fetch", "gopher://x"]).status == 64)
        #expect(try await reader.run(["list", "--limit", "many"]).status == 64)
        #expect(try await reader.run(["frobnicate"]).status == 64)
    }

    @Test func sourcesListsEveryBuiltInModule() async throws {
        let empty = try temporaryFolder("no-plugins")
        let run = try await ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_PLUGIN_PATH": empty], runner: .inProcess).run([
            "sources", "--json",
        ])
        let sources = try json(run.stdout)
        let names = Set(sources.compactMap { $0["name"] as? String })
        // Exactly these: no third-party module is on an empty plugin path.
        #expect(names == ["rfc-index", "rfc-index-xml", "rfc-text", "drafts", "datatracker", "errata", "tweets", "html", "feed"])
        #expect(sources.count == 9)
        #expect(sources.allSatisfy { $0["origin"] as? String == "built-in" && $0["version"] is String })
    }
}
