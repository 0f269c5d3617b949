import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// A listing is a capability a module declares, not a source the engine knows: a module of the
/// plugin path (Tests/ModuleFixtures/ShelfModule) declares a shelf list of notes, and `list`,
/// `search`, `fetch note every`, what `open` says of a note the list marks lost or does not
/// list, the listing's titles in `cache ls` and the site's `/index` answer for it as for the
/// RFC index — with no line of the engine, the command line or the site naming it.
@Suite struct ListingCapabilityTests {
    static let shelf = """
        alpha|Alpha notes on rivers|KEPT|2024-03
        beta|Beta, a field guide to mosses|LENT|2025-01
        gamma|||2025-02|lost
        delta|Delta maps of the valley|KEPT|2025-06
        """
    static let notes = [
        "alpha": "Alpha\nRivers run to the sea.", "beta": "Beta\nMosses grow north.", "delta": "Delta\nThe valley, mapped.",
    ]

    let store: String

    init() throws {
        store = try temporaryFolder("e2e-listing")
    }

    /// The shelf and its notes on 127.0.0.1, every path asked recorded.
    static func server(_ asked: AskedPaths) async throws -> LoopbackServer {
        try await LoopbackServer { request in
            asked.add(request.uri)
            if request.uri == "/shelf.txt" { return .ok(Array(shelf.utf8)) }
            for (name, text) in notes where request.uri == "/notes/\(name).txt" { return .ok(Array(text.utf8)) }
            return .status(404)
        }
    }

    func reader(_ server: LoopbackServer, titlesWin: Bool = true) throws -> ReaderBinary {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.fixture("ShelfModule")])
        return try ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins, "READER_SHELF_URL": server.baseURL,
            "READER_SHELF_TITLES_WIN": titlesWin ? "1" : "0",
        ])
    }

    func array(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
    }

    @Test func listSearchFetchEveryAndAbsenceReadTheModulesListing() async throws {
        let asked = AskedPaths()
        let server = try await Self.server(asked)
        let reader = try reader(server)

        // No listing stored yet: the contract's "not in the store" (of the first declared, the RFC index).
        let before = try await reader.run(["list"])
        #expect(before.status == 3, "\(before)")
        #expect(try await reader.run(["fetch", "shelf"]).status == 0)

        let listed = try array(try await reader.run(["list", "--json"]).stdout)
        #expect(
            listed.map { $0["title"] as? String } == [
                "Alpha notes on rivers", "Beta, a field guide to mosses", "", "Delta maps of the valley",
            ],
            "\(listed)")
        #expect(listed.map { $0["lost"] as? Bool } == [false, false, true, false], "\(listed)")
        #expect(listed.map { $0["id"] as? String } == ["alpha", "beta", "gamma", "delta"], "\(listed)")
        let lent = try await reader.run(["list", "--status", "lent"])
        #expect(lent.status == 0 && lent.stdout.contains("Beta, a field guide") && !lent.stdout.contains("Alpha"), "\(lent)")
        let unknown = try await reader.run(["list", "--status", "burnt"])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("no note has the status 'burnt'; the shelf list has 'KEPT', 'LENT'"),
            "\(unknown)")
        let found = try await reader.run(["search", "mosses"])
        #expect(found.status == 0 && found.stdout.contains("Beta, a field guide to mosses"), "\(found)")
        let none = try await reader.run(["search", "volcano"])
        #expect(none.status == 1 && none.stderr.contains("nothing in the shelf list matches 'volcano'"), "\(none)")

        // Every note the list names, in its order, but the one it marks lost: never asked for.
        let every = try await reader.run(["fetch", "note", "every"])
        #expect(every.status == 0 && every.stdout.hasPrefix("3 of 3 done"), "\(every)")
        #expect(!asked.paths.contains("/notes/gamma.txt"), "\(asked.paths)")
        #expect(asked.paths.contains("/notes/delta.txt"), "\(asked.paths)")

        // The listing's titles win over the notes' own, as it declares.
        let stored = try array(try await reader.run(["cache", "ls", "--json"]).stdout)
        #expect(stored.first { $0["key"] as? String == "note/alpha" }?["title"] as? String == "Alpha notes on rivers", "\(stored)")

        // Opened, a note has the list's title, as the listing declares; a module whose listing
        // does not say so keeps the note's own ("Alpha"; another note, as a view once made is kept).
        let opened = try await reader.run(["open", "note:alpha", "--format", "json"])
        #expect(opened.status == 0 && opened.stdout.contains(#""title":"Alpha notes on rivers""#), "\(opened)")
        let own = try await self.reader(server, titlesWin: false).run(["open", "note:delta", "--format", "json"])
        #expect(own.status == 0 && own.stdout.contains(#""title":"Delta""#), "\(own)")

        // A note the list marks lost, and one past its end, said in the listing's words.
        let lost = try await reader.run(["open", "note:gamma", "--no-pager"])
        #expect(lost.status == 4 && lost.stderr.contains("note gamma was lost (the shelf list says \"Lost\")"), "\(lost)")
        let unlisted = try await reader.run(["open", "note:omega", "--no-pager"])
        #expect(
            unlisted.stderr.contains(
                "note omega is not in the stored shelf list, whose last is note delta ('reader fetch shelf' brings it up to date)"),
            "\(unlisted)")
    }

    /// The site's `/index` is the listing's page: its name, its statuses as the filter's
    /// choices, each listed note a link to its page when stored, the lost one plain text.
    @Test func theSitesIndexPageShowsTheModulesListing() async throws {
        let server = try await Self.server(AskedPaths())
        let reader = try reader(server)
        #expect(try await reader.run(["fetch", "shelf", "note", "alpha"]).status == 0)
        let site = try await ServeProcess(reader)
        let reply = try await RawHTTP.exchange(
            port: site.port, "GET /index HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nConnection: close\r\n\r\n")
        _ = try await site.stop()
        #expect(reply.status == 200, "\(reply.text)")
        let html = reply.text
        #expect(html.contains("<h1>Shelf list</h1>"), "\(html)")
        #expect(html.contains("<option value=\"KEPT\">kept</option><option value=\"LENT\">lent</option>"), "\(html)")
        #expect(html.contains("<a href=\"/note/alpha\">alpha</a>"), "\(html)")
        #expect(html.contains("<tr class=\"not-issued\"><td>gamma</td><td>Lost</td>"), "\(html)")
        // Not stored but listed: a button that fetches it.
        #expect(html.contains("name=\"note\" value=\"beta\""), "\(html)")
    }
}

/// The paths a test server was asked for.
final class AskedPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []
    func add(_ path: String) { lock.withLock { asked.append(path) } }
    var paths: [String] { lock.withLock { asked } }
}
