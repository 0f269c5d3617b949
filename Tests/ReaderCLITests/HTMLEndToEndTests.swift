import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch URL` and `reader open URL|FILE…` for web pages, run in process (`ReaderCommand.execute`),
/// against a real HTTP server on 127.0.0.1 serving real pages.
@Suite struct HTMLEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-html")
    }

    func metadata(_ page: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(try Corpus.bytes("html/\(page)/expected-metadata.json"))) as? [String: Any])
    }

    func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func fetchAPageStopTheServerAndOpenItOffline() async throws {
        let page = try Corpus.bytes("html/nytimes-1/source.html")
        let server = try await LoopbackServer { request in
            request.uri == "/2016/world/article.html" ? .ok(page, contentType: "text/html; charset=utf-8") : .status(404)
        }
        let url = server.baseURL + "/2016/world/article.html"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        let fetch = try await reader.run(["fetch", url])
        #expect(fetch.status == 0, "\(fetch)")
        await server.stop()

        let open = try await reader.run(["open", url, "--offline", "--format", "json"])
        #expect(open.status == 0, "\(open)")
        let document = try object(Substring(open.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(document["source"] as? String == "html")
        #expect(document["key"] as? String == url)
        #expect(document["title"] as? String == (try metadata("nytimes-1")["title"] as? String))
        #expect(document["byline"] != nil)
        #expect((document["links"] as? [[String: Any]])?.isEmpty == false)
        let text = try #require(document["text"] as? String)
        #expect(text.count > 2000)
        #expect(!text.contains("<script"))

        let view = try await reader.run(["open", url, "--offline"])
        #expect(view.status == 0)
        #expect(view.stdout.contains("References"))
        // Paragraphs wrap; only a reference line (" {12} http://…") may run long.
        #expect(view.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.contains("} http") })

        let stats = try await reader.run(["cache", "stats", "--json"])
        #expect(stats.stdout.contains("\"html\":1"))
    }

    @Test func severalFilesGiveOneJSONDocumentPerLineInOrder() async throws {
        let pages = ["mozilla-2", "wikipedia-3", "mercurial"]
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        let run = try await reader.run(["open"] + pages.map { Corpus.url("html/\($0)/source.html").path } + ["--format", "json"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for (line, page) in zip(lines, pages) {
            #expect(try object(line)["title"] as? String == (try metadata(page)["title"] as? String))
        }
        // Local files are read and parsed, not stored.
        #expect(!FileManager.default.fileExists(atPath: store + "/catalog.json"))
    }
}
