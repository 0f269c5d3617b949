import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Issue 27, item 2: an RFC is shown with the stored index's title wherever one is shown —
/// `open` (text, markdown, JSON), `cache ls`, `find` and `refs` — and with its text's title
/// only while no index is stored. Run in process on sample RFCs whose text titles them
/// otherwise: 1179 in capitals where the index has "Line printer daemon protocol", 18 with no
/// title line at all ("RFC 18"), 54 with a leading "An", 504 (which cites 441) "Workshop
/// Announcement".
@Suite(.serialized) struct ShownTitleEndToEndTests {
    let store: String
    static let rfcs = ["1179", "18", "54", "504", "441"]
    static let indexTitles = [
        "1179": "Line printer daemon protocol", "18": "IMP-IMP and HOST-HOST Control Links", "54": "Official Protocol Proffering",
        "504": "Distributed resources workshop announcement",
    ]
    static let textTitles = [
        "1179": "Line Printer Daemon Protocol", "18": "RFC 18", "54": "An Official Protocol Proffering", "504": "Workshop Announcement",
    ]

    init() throws {
        store = try temporaryFolder("e2e-titles")
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The title of each RFC as `cache ls --json`, `open --format json`, `refs --json` and
    /// `find --json` show it.
    func shownTitles(_ reader: ReaderBinary) async throws -> (ls: [String: String], open: [String: String], refs: [String: String]) {
        let ls = try #require(
            try JSONSerialization.jsonObject(with: Data(try await reader.run(["cache", "ls", "--json"]).stdout.utf8)) as? [[String: Any]])
        var listed: [String: String] = [:]
        for row in ls { if let key = row["key"] as? String, let title = row["title"] as? String { listed[key] = title } }
        var opened: [String: String] = [:]
        var refs: [String: String] = [:]
        for number in Self.textTitles.keys {
            let open = try await reader.run(["open", number, "--offline", "--format", "json"])
            #expect(open.status == 0, "\(open)")
            opened["rfc/\(number)"] = try object(open.stdout)["title"] as? String
            refs["rfc/\(number)"] = try object(try await reader.run(["refs", number, "--json"]).stdout)["title"] as? String
        }
        return (listed, opened, refs)
    }

    @Test func theIndexTitleWinsOnceTheIndexIsStoredAndTheTextsBefore() async throws {
        var files = ["/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt")]
        for number in Self.rfcs {
            files["/rfc/rfc\(number).txt"] = try Inflate.bytes(try Corpus.bytes("rfc-sample/rfc/rfc\(number).txt.gz"), gzip: true)
        }
        let served = files
        let server = try await LoopbackServer { .serve(served, request: $0) }
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
        let fetch = try await reader.run(["fetch", "rfc"] + Self.rfcs)
        #expect(fetch.status == 0, "\(fetch)")

        // No index stored: the text's title, everywhere.
        let before = try await shownTitles(reader)
        for (number, title) in Self.textTitles {
            #expect(before.ls["rfc/\(number)"] == title, "cache ls, RFC \(number)")
            #expect(before.open["rfc/\(number)"] == title, "open, RFC \(number)")
            #expect(before.refs["rfc/\(number)"] == title, "refs, RFC \(number)")
        }

        let index = try await reader.run(["fetch", "rfc-index"])
        #expect(index.status == 0, "\(index)")
        await server.stop()

        // The index stored: its title, everywhere — the documents stored before it included.
        let after = try await shownTitles(reader)
        for (number, title) in Self.indexTitles {
            #expect(after.ls["rfc/\(number)"] == title, "cache ls, RFC \(number)")
            #expect(after.open["rfc/\(number)"] == title, "open, RFC \(number)")
            #expect(after.refs["rfc/\(number)"] == title, "refs, RFC \(number)")
        }
        let text = try await reader.run(["open", "54", "--offline"])
        #expect(text.stdout.split(separator: "\n").contains("Official Protocol Proffering"), "\(text)")
        let markdown = try await reader.run(["open", "18", "--offline", "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("# IMP-IMP and HOST-HOST Control Links\n"), "\(markdown)")
        #expect(!markdown.stdout.contains("# RFC 18"))

        // Who cites 441 is titled by the index too.
        let refs = try object(try await reader.run(["refs", "441", "--json"]).stdout)
        let citing = (refs["relations"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "citedBy" }
        #expect(citing.contains { $0["key"] as? String == "rfc/504" }, "\(refs)")
        #expect(
            citing.first { $0["key"] as? String == "rfc/504" }?["title"] as? String == "Distributed resources workshop announcement",
            "\(refs)")

        let find = try await reader.run(["find", "line", "printer", "daemon", "--json"])
        #expect(find.status == 0, "\(find)")
        let hits = try JSONSerialization.jsonObject(with: Data(find.stdout.utf8)) as? [[String: Any]] ?? []
        let printer = hits.filter { $0["key"] as? String == "rfc/1179" }
        #expect(!printer.isEmpty, "\(find)")
        #expect(printer.allSatisfy { $0["title"] as? String == "Line printer daemon protocol" }, "\(find)")
        let human = try await reader.run(["find", "line", "printer", "daemon"])
        #expect(human.stdout.contains("rfc/1179  Line printer daemon protocol"), "\(human)")
    }
}
