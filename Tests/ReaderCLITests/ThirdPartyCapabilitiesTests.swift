import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// What a third-party module gets by declaring it, with no line of the engine, the command line
/// or the site knowing it: the worked example (Examples/ReleasesModule), loaded from the plugin
/// path, declares a shorthand (`releases:NAME`), a relation kind of its own (`publishes`) and
/// numbered sections; `open`, `fetch`, `refs`, `find` and `serve` then answer for it as for
/// an RFC. A real server on 127.0.0.1 serves the feed (synthetic, the example's case) and a
/// real page of the corpus as one of its entries.
@Suite struct ThirdPartyCapabilitiesTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-capabilities")
    }

    /// The example's feed, its second entry's page stored there (``ModuleLibraries/feedSite(page:)``).
    static func server() async throws -> LoopbackServer {
        try await ModuleLibraries.feedSite(page: "/2025/06/12/three-maps.html")
    }

    func reader(_ server: LoopbackServer) throws -> ReaderBinary {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        return try ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins, "READER_RELEASES_NOTES": server.baseURL + "/feed.xml",
        ])
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aShorthandRelationsAndSectionsOfAModuleOutsideReader() async throws {
        let server = try await Self.server()
        let reader = try reader(server)
        let page = server.baseURL + "/2025/06/12/three-maps.html"

        // The shorthand: fetched and opened by `releases:notes`, stored under the key it names.
        let fetched = try await reader.run(["fetch", "releases:notes", page])
        #expect(fetched.status == 0, "\(fetched)")
        let opened = try object(try await reader.run(["open", "releases:notes", "--offline", "--format", "json"]).stdout)
        #expect(opened["key"] as? String == "releases/notes")
        #expect(opened["title"] as? String == "Field Notes")
        let section = try await reader.run(["open", "releases:notes", "--offline", "--section", "2", "--no-pager"])
        #expect(section.status == 0, "\(section)")
        #expect(section.stdout.contains("2 Three maps of the same valley"), "\(section)")
        #expect(!section.stdout.contains("Mending a tent pole"), "\(section)")

        // Its own relation kind, both ways: the feed publishes the page, the page was published in it.
        let feedRefs = try object(try await reader.run(["refs", "releases:notes", "--json"]).stdout)
        #expect(feedRefs["key"] as? String == "releases/notes")
        let published = try #require(feedRefs["relations"] as? [[String: Any]])
        #expect(
            published.contains {
                $0["type"] as? String == "publishes" && $0["key"] as? String == page && $0["section"] as? String == "2"
                    && $0["title"] as? String == "This API is so Fetching!"
            }, "\(published)")
        #expect(published.filter { $0["type"] as? String == "publishes" }.count == 3, "\(published)")
        let pageRefs = try await reader.run(["refs", page])
        #expect(pageRefs.status == 0, "\(pageRefs)")
        // The kind's inverse, in the module's words; the feed by its shorthand's label and command.
        let lines = pageRefs.stdout.split(separator: "\n").map(String.init)
        let publishedIn = try #require(lines.firstIndex(of: "published in (1):"), "\(pageRefs)")
        let feed = lines[publishedIn + 1]
        #expect(
            feed.hasPrefix("  notes (releases)") && feed.contains("reader open releases:notes") && feed.hasSuffix("Field Notes"), "\(feed)")

        // Stored, the feed opens and answers by its shorthand without its address in the
        // environment: the module gives the key and says why it cannot fetch (Location.unavailable).
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        let bare = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins])
        let reopened = try await bare.run(["open", "releases:notes", "--offline", "--format", "json"])
        #expect(reopened.status == 0, "\(reopened)")
        #expect(try object(reopened.stdout)["key"] as? String == "releases/notes", "\(reopened)")
        #expect(try await bare.run(["refs", "releases:notes"]).stdout.hasPrefix("notes (releases): Field Notes\npublishes (3):\n"))
        let unnamed = try await bare.run(["fetch", "releases:other"])
        #expect(unnamed.status == 64 && unnamed.stderr.contains("READER_RELEASES_OTHER"), "\(unnamed)")

        // Sections in `find`: a hit names its entry, and the command that opens it there.
        let found = try await reader.run(["find", "satellite", "river", "--source", "releases", "--json"])
        #expect(found.status == 0, "\(found)")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        let hit = try #require(hits.first, "\(found)")
        #expect((hit["section"] as? [String: Any])?["number"] as? String == "2", "\(hit)")
        #expect((hit["section"] as? [String: Any])?["title"] as? String == "Three maps of the same valley", "\(hit)")
        #expect(hit["open"] as? String == "reader open releases:notes --section 2", "\(hit)")
    }

    /// The text view: the table of contents opens each entry by the module's shorthand, and the
    /// view ends with what the feed publishes under its kind's words (the module marks the kind
    /// listed), each page with the command that opens it and, stored, its title.
    @Test func theTextViewOpensSectionsByTheShorthandAndListsTheModulesRelations() async throws {
        let server = try await Self.server()
        let reader = try reader(server)
        let page = server.baseURL + "/2025/06/12/three-maps.html"
        #expect(try await reader.run(["fetch", "releases:notes", page]).status == 0)

        let toc = try await reader.run(["open", "releases:notes", "--offline", "--toc"])
        #expect(toc.status == 0, "\(toc)")
        let entry = try #require(toc.stdout.split(separator: "\n").first { $0.contains("Three maps of the same valley") }, "\(toc)")
        #expect(entry.hasSuffix("reader open releases:notes --section 2"), "\(toc)")
        let missing = try await reader.run(["open", "releases:notes", "--offline", "--section", "9"])
        #expect(missing.status == 64 && missing.stderr.contains("'reader open releases:notes --toc'"), "\(missing)")

        let open = try await reader.run(["open", "releases:notes", "--offline", "--no-pager"])
        #expect(open.status == 0, "\(open)")
        let lines = open.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.lastIndex(of: "Publishes"), "\(open)")
        // A page is named by its address alone: the command whole, the stored one's title under it.
        let listed = Array(lines[(heading + 1)...].filter { !$0.isEmpty })
        let commands = listed.filter { $0.hasPrefix("  reader open ") }
        #expect(commands.count == 3 && commands.allSatisfy { $0.hasPrefix("  reader open " + server.baseURL + "/") }, "\(listed)")
        let stored = try #require(listed.firstIndex(of: "  reader open " + page), "\(listed)")
        #expect(listed.indices.contains(stored + 1) && listed[stored + 1] == "    This API is so Fetching!", "\(listed)")
    }

    /// The site: the feed's page has its entries anchored and listed in its contents, its
    /// status line, and what it publishes as links to the stored page.
    @Test func theSiteShowsAModuleOutsideReaderFromItsModel() async throws {
        let server = try await Self.server()
        let reader = try reader(server)
        let page = server.baseURL + "/2025/06/12/three-maps.html"
        #expect(try await reader.run(["fetch", "releases:notes", page]).status == 0)
        let site = try await ServeProcess(reader)
        let reply = try await RawHTTP.exchange(
            port: site.port, "GET /doc?key=releases%2Fnotes HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nConnection: close\r\n\r\n")
        _ = try await site.stop()
        #expect(reply.status == 200, "\(reply.text)")
        let html = reply.text
        #expect(html.contains("id=\"section-2\""), "\(html)")
        #expect(html.contains("href=\"#section-2\""), "\(html)")
        #expect(html.contains("Atom feed · 3 entries · updated 2025-06-30"), "\(html)")
        #expect(html.contains("Publishes"), "\(html)")
        // The page it publishes is stored: a link to its page here, under the kind's words.
        let encoded = page.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
        #expect(html.contains("<a href=\"/doc?key=\(encoded)\">\(page)</a> This API is so Fetching!"), "\(html)")
        // The other two entries' pages are not stored: links out of the site.
        #expect(html.contains("<a href=\"\(server.baseURL)/2025/06/30/tent-pole.html\" class=\"outside\">"), "\(html)")
    }
}
