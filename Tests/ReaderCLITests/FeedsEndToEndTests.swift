import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Feeds through the built binary, against a loopback site: a feed stored as a document of its
/// entries (Atom, RSS, JSON Feed), `--follow` fetching the entries' pages through the HTML
/// module, `fetch feeds` revalidating with the feed's ETag and saying only what is new, and
/// `import opml` subscribing to a list's feeds while refusing what is not http(s).
@Suite struct FeedsEndToEndTests {
    /// A site serving the corpus's synthetic feeds (their addresses made its own), a page at
    /// every other path, and what it was asked.
    final class Site: @unchecked Sendable {
        let lock = NSLock()
        var feeds: [String: (body: [UInt8], type: String, etag: String)] = [:]
        var asked: [(path: String, ifNoneMatch: String?)] = []
        var failing: Set<String> = []
        var base = ""

        func serve(_ path: String, corpus name: String, type: String, etag: String = "\"v1\"") throws {
            let text = String(decoding: try Corpus.bytes("feeds/\(name)"), as: UTF8.self)
            let ours = text.replacingOccurrences(of: "https://blog.example.org", with: base)
                .replacingOccurrences(of: "https://news.example.com", with: base)
                .replacingOccurrences(of: "https://tides.example.net", with: base)
            lock.withLock { feeds[path] = (Array(ours.utf8), type, etag) }
        }

        func set(_ path: String, _ body: String, type: String, etag: String) {
            lock.withLock { feeds[path] = (Array(body.utf8), type, etag) }
        }

        var pagesAsked: [String] { lock.withLock { asked.map(\.path).filter { !feeds.keys.contains($0) } } }

        func answer(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
            lock.withLock {
                asked.append((request.uri, request.headers["if-none-match"] ?? request.headers["If-None-Match"]))
                if let feed = feeds[request.uri] {
                    if (request.headers["if-none-match"] ?? request.headers["If-None-Match"]) == feed.etag {
                        return .respond(status: 304, headers: [("ETag", feed.etag)])
                    }
                    return .respond(status: 200, headers: [("Content-Type", feed.type), ("ETag", feed.etag)], body: feed.body)
                }
                if failing.contains(request.uri) { return .status(500) }
                let name = request.uri.split(separator: "/").last.map(String.init) ?? "page"
                let page =
                    "<!DOCTYPE html><html><head><title>Page \(name)</title></head><body><article><h1>Page \(name)</h1>"
                    + "<p>The words of the page \(name), long enough to be the article a reader keeps from it.</p></article></body></html>"
                return .ok(Array(page.utf8), contentType: "text/html; charset=utf-8")
            }
        }
    }

    let store: String
    let reader: ReaderBinary
    let site = Site()
    let server: LoopbackServer

    init() async throws {
        store = try temporaryFolder("e2e-feeds")
        let site = site
        server = try await LoopbackServer { site.answer($0) }
        site.base = server.baseURL
        reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store])
    }

    /// Each format by its media type and bytes (the HTML module's catch-all answers the URL
    /// first): a document of its entries, each a section, with `links` to the entries' pages.
    @Test func aFeedIsStoredAsADocumentOfItsEntries() async throws {
        try site.serve("/feed.xml", corpus: "atom-blog.xml", type: "application/atom+xml")
        try site.serve("/rss", corpus: "rss-news.xml", type: "application/rss+xml")
        // Served as plain JSON, as many sites do: the bytes say JSON Feed.
        try site.serve("/feed.json", corpus: "tides.jsonfeed", type: "application/json")
        let atom = server.baseURL + "/feed.xml"
        let fetched = try await reader.run(["fetch", atom, server.baseURL + "/rss", server.baseURL + "/feed.json"])
        #expect(fetched.status == 0, "\(fetched)")
        let listed = try await reader.run(["cache", "ls"])
        #expect(listed.stdout.split(separator: "\n").filter { $0.contains("  feed  ") }.count == 3, "\(listed)")
        #expect(site.pagesAsked.isEmpty, "no --follow: \(site.pagesAsked)")

        let text = try await reader.run(["open", atom, "--no-pager"])
        #expect(text.stdout.contains("Field Notes"), "\(text)")
        #expect(text.stdout.contains("3 Notes on waterproofing boots with wax & patience"), "\(text)")
        #expect(text.stdout.contains("2025-05-28T20:00:00Z · Ada Palmer, Tom Reyes"), "\(text)")
        let section = try await reader.run(["open", atom, "--section", "2", "--no-pager"])
        #expect(section.stdout.contains("a satellite picture do not agree") && !section.stdout.contains("tent pole"), "\(section)")

        let refs = try await reader.run(["refs", atom, "--json"])
        let relations = try #require(jsonObject(refs.stdout)?["relations"] as? [[String: Any]], "\(refs)")
        let links = relations.filter { $0["type"] as? String == "links" }.compactMap { $0["key"] as? String }
        let pages = ["/2025/06/30/tent-pole.html", "/2025/06/12/three-maps.html", "/2025/05/28/boots.html"]
        #expect(Set(links) == Set(pages.map { server.baseURL + $0 }), "\(refs)")

        let json = try await reader.run(["open", server.baseURL + "/feed.json", "--format", "json"])
        let object = try #require(jsonObject(json.stdout), "\(json)")
        #expect(object["source"] as? String == "feed" && object["title"] as? String == "Tidal Notes", "\(json)")
    }

    /// `--follow`: the entries' pages through the HTML module; a page that fails is counted in
    /// the one line, and the feed stays stored (exit 0).
    @Test func followFetchesTheEntriesPages() async throws {
        try site.serve("/feed.xml", corpus: "atom-blog.xml", type: "application/atom+xml")
        site.lock.withLock { _ = site.failing.insert("/2025/05/28/boots.html") }
        let run = try await reader.run(["fetch", server.baseURL + "/feed.xml", "--follow"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("followed 3 pages: 2 fetched; 1 failed: first \(server.baseURL)/2025/05/28/boots.html"), "\(run)")
        #expect(Set(site.pagesAsked) == ["/2025/06/30/tent-pole.html", "/2025/06/12/three-maps.html", "/2025/05/28/boots.html"])
        let listed = try await reader.run(["cache", "ls"])
        #expect(listed.stdout.split(separator: "\n").filter { $0.contains("  html  ") }.count == 2, "\(listed)")
        let page = try await reader.run(["open", server.baseURL + "/2025/06/30/tent-pole.html", "--offline", "--no-pager"])
        #expect(page.status == 0 && page.stdout.contains("The words of the page tent-pole.html"), "\(page)")
    }

    /// `fetch feeds`: every stored feed asked with its ETag; a 304 says nothing new; a feed
    /// with one more entry says "1 new in Field Notes", and `--follow` fetches that page alone.
    @Test func fetchFeedsRevalidatesAndFollowsOnlyNewEntries() async throws {
        try site.serve("/feed.xml", corpus: "atom-blog.xml", type: "application/atom+xml")
        try site.serve("/rss", corpus: "rss-news.xml", type: "application/rss+xml")
        #expect(try await reader.run(["fetch", server.baseURL + "/feed.xml", server.baseURL + "/rss", "--follow"]).status == 0)
        let pagesBefore = site.pagesAsked.count
        #expect(pagesBefore == 7, "\(site.pagesAsked)")

        let same = try await reader.run(["fetch", "feeds", "--verbose"])
        #expect(same.status == 0, "\(same)")
        #expect(!same.stdout.contains(" new in "), "\(same)")
        // A 304 keeps each feed as the feed module stored it: nothing parsed again (the URL's
        // first guess, the HTML module's catch-all, is not the module that made it).
        #expect(same.stderr.components(separatedBy: "HTTP 304 not modified").count == 3, "\(same)")
        #expect(!same.stderr.contains("parsed by"), "\(same)")
        let revalidations = site.lock.withLock { site.asked.suffix(2) }
        #expect(revalidations.allSatisfy { $0.ifNoneMatch == "\"v1\"" }, "\(revalidations)")

        // One entry more, at the top; the others as they were.
        let atom = String(decoding: try Corpus.bytes("feeds/atom-blog.xml"), as: UTF8.self)
            .replacingOccurrences(of: "https://blog.example.org", with: server.baseURL)
        let newer = atom.replacingOccurrences(
            of: "  <entry>",
            with:
                "  <entry><title>Rain, again</title><link href=\"\(server.baseURL)/2025/07/02/rain.html\"/><id>tag:rain</id><updated>2025-07-02T08:00:00Z</updated></entry>\n  <entry>",
            options: [], range: atom.range(of: "  <entry>"))
        site.set("/feed.xml", newer, type: "application/atom+xml", etag: "\"v2\"")
        let refreshed = try await reader.run(["fetch", "feeds", "--follow"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(refreshed.stdout.contains("1 new in Field Notes\n"), "\(refreshed)")
        #expect(!refreshed.stdout.contains("new in Harbour Town Gazette"), "\(refreshed)")
        #expect(refreshed.stdout.contains("followed 1 page: 1 fetched"), "\(refreshed)")
        #expect(Array(site.pagesAsked.dropFirst(pagesBefore)) == ["/2025/07/02/rain.html"], "\(site.pagesAsked)")
    }

    /// `import opml`: nested outlines subscribed; `file://`, another scheme and the file
    /// itself refused, each counted, none opened.
    @Test func importOPMLSubscribesAndRefusesWhatIsNotHTTP() async throws {
        try site.serve("/feed.xml", corpus: "atom-blog.xml", type: "application/atom+xml")
        try site.serve("/rss", corpus: "rss-news.xml", type: "application/rss+xml")
        try site.serve("/feed.json", corpus: "tides.jsonfeed", type: "application/feed+json")
        let folder = try temporaryFolder("e2e-opml")
        let file = folder + "/subscriptions.opml"
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="News"><outline text="Gazette" type="rss" xmlUrl="\(server.baseURL)/rss"/>
                <outline text="Deeper"><outline text="Field Notes" type="rss" xmlUrl="\(server.baseURL)/feed.xml"/></outline>
              </outline>
              <outline text="Tides" type="rss" xmlUrl="\(server.baseURL)/feed.json"/>
              <outline text="Secrets" type="rss" xmlUrl="file:///etc/passwd"/>
              <outline text="Script" type="rss" xmlUrl="javascript:alert(1)"/>
              <outline text="Me again" type="include" url="file://\(file)"/>
              <outline text="Me, relative" type="include" url="subscriptions.opml"/>
            </body></opml>
            """
        try Data(opml.utf8).write(to: URL(fileURLWithPath: file))
        let run = try await reader.run(["import", "opml", file])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("subscribed to 3 feeds: 3 fetched; 4 refused ("), "\(run)")
        #expect(run.stdout.contains("not an http(s) address: file:///etc/passwd, javascript:alert(1)"), "\(run)")
        #expect(run.stdout.contains("the file includes itself: file://\(file), subscriptions.opml"), "\(run)")
        let listed = try await reader.run(["cache", "ls"])
        #expect(listed.stdout.split(separator: "\n").filter { $0.contains("  feed  ") }.count == 3, "\(listed)")
        // Subscribed: `fetch feeds` refreshes the three.
        let refreshed = try await reader.run(["fetch", "feeds"])
        #expect(refreshed.stdout.contains("3 of 3 done"), "\(refreshed)")
    }
}

private func jsonObject(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
}
