import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Third-party modules loaded at run time from the plugin path: the worked example (a project's releases, from its feed),
/// through the built binary, against a real HTTP server on 127.0.0.1.
@Suite struct PluginEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-plugins")
    }

    func reader(_ plugins: String, _ more: [String: String] = [:]) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins].merging(more) { $1 })
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func sourcesListsTheExampleModuleWithItsOrigin() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        let run = try await reader(plugins).run(["sources", "--json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let feed = try #require(sources.first { $0["name"] as? String == "releases" })
        #expect(feed["origin"] as? String == plugins + "/libReleasesModule" + ModuleLibraries.suffix)
        #expect(feed["requestTypes"] as? [String] == ["releases"])
        // Never by content: every feed is the built-in module's.
        #expect(feed["mediaTypes"] as? [String] == [])
        #expect(
            sources.filter { $0["origin"] as? String == "built-in" }.map { $0["name"] as? String }
                == ["rfc-index", "rfc-index-xml", "rfc-text", "drafts", "datatracker", "errata", "tweets", "html", "feed"])
        let text = try await reader(plugins).run(["sources"])
        #expect(text.stdout.contains("releases 3 (\(plugins)/libReleasesModule\(ModuleLibraries.suffix)): releases"), "\(text)")
    }

    /// A feed on a web server lists its entries; one entry's link is a page, which the
    /// built-in HTML module reads.
    @Test func aFeedListsItsEntriesAndAnEntryOpensAsAPage() async throws {
        let server = try await ModuleLibraries.feedSite(page: "/2025/06/30/tent-pole.html")
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        let reader = try reader(plugins)

        // By its request type: a feed's URL alone is the built-in feed module's.
        #expect(try await reader.run(["fetch", "releases", server.baseURL + "/feed.xml"]).status == 0)
        let view = try await reader.run(["open", server.baseURL + "/feed.xml", "--offline", "--no-pager"])
        #expect(view.status == 0, "\(view)")
        #expect(view.stderr == "")
        let lines = view.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Field Notes")
        // Each entry a numbered section, as the feed lists them.
        for (number, title, date, path) in [
            (1, "Mending a tent pole in the field", "2025-06-30T18:20:00+02:00", "/2025/06/30/tent-pole.html"),
            (2, "Three maps of the same valley", "2025-06-12T09:05:00+02:00", "/2025/06/12/three-maps.html"),
            (3, "Notes on waterproofing boots with wax & patience", "2025-05-28T20:00:00Z", "/2025/05/28/boots.html"),
        ] {
            let heading = try #require(lines.firstIndex(of: "\(number) \(title)"), "no entry \(title) in \(view.stdout)")
            #expect(Array(lines[heading...].prefix(5)) == ["\(number) \(title)", "", date, "", server.baseURL + path])
        }

        let json = try object(try await reader.run(["open", server.baseURL + "/feed.xml", "--offline", "--format", "json"]).stdout)
        #expect(json["source"] as? String == "releases")
        #expect(json["format"] as? String == "atom")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(
            items.map { $0["link"] as? String } == [
                server.baseURL + "/2025/06/30/tent-pole.html", server.baseURL + "/2025/06/12/three-maps.html",
                server.baseURL + "/2025/05/28/boots.html",
            ])

        let link = try #require(items.first?["link"] as? String)
        let article = try await reader.run(["open", link, "--format", "json"])
        #expect(article.status == 0, "\(article)")
        let document = try object(article.stdout)
        #expect(document["source"] as? String == "html")
        #expect(document["title"] as? String == "This API is so Fetching!")
        let stats = try object(try await reader.run(["cache", "stats", "--json"]).stdout)
        #expect("\(stats)".contains("releases"))

        // The module's request type: its `locate`, through the library.
        let fetch = try await reader.run(["fetch", "releases", server.baseURL + "/feed.xml"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stdout.hasPrefix(server.baseURL + "/feed.xml: 3 entries (0 new, 0 updated), "))
        // A third-party module's document is indexed as it is stored: `find` answers with its entry.
        let found = try await reader.run(["find", "waterproofing", "boots", "--source", "releases", "--json"])
        #expect(found.status == 0, "\(found)")
        #expect(found.stdout.contains(#""title":"Notes on waterproofing boots with wax & patience""#), "\(found)")
        let wrong = try await reader.run(["fetch", "releases", "793"])
        #expect(wrong.status == 64)
        #expect(
            wrong.stderr
                == "reader: releases takes the feed's address (reader fetch releases https://example.org/releases.atom), or a name, a letter first, whose address is in READER_RELEASES_NAME\n"
        )
    }

    /// A feed file is the built-in feed module's, the example loaded or not: it never claims
    /// content, so `reader sources` has one module that reads feeds.
    @Test func aFeedFileGoesToTheBuiltInModuleNotTheExample() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        let run = try await reader(plugins).run(["open", ModuleLibraries.exampleCases + "/rss-news.xml", "--format", "json"])
        #expect(run.status == 0, "\(run)")
        let document = try object(run.stdout)
        #expect(document["title"] as? String == "Harbour Town Gazette")
        #expect(document["source"] as? String == "feed")
        #expect(document["items"] == nil, "the example's key")
    }

    /// The example's own cases, through reader and the loaded library: the C boundary included.
    @Test func checkRunsTheCasesThroughTheLoadedLibrary() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.feed()])
        let run = try await reader(plugins).run(["sources", "--check", ModuleLibraries.exampleCases])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("cases of \(ModuleLibraries.exampleCases): 4 held, 0 failed\n"))
        #expect(run.stdout.contains("ok   releases atom-blog.json"))

        let cases = try temporaryFolder("cases")
        try FileManager.default.copyItem(atPath: ModuleLibraries.exampleCases + "/rss-news.xml", toPath: cases + "/rss-news.xml")
        try Data(#"{"module": "releases", "input": "rss-news.xml", "expect": {"values": {"title": "Harbor Town"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: cases + "/wrong.json"))
        let failing = try await reader(plugins).run(["sources", "--check", cases])
        #expect(failing.status == 1)
        #expect(
            failing.stdout
                == "FAIL releases wrong.json\n       title is \"Harbour Town Gazette\"; expected \"Harbor Town\"\ncases of \(cases): 0 held, 1 failed\n"
        )
    }
}
