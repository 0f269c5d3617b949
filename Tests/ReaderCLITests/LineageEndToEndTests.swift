import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// A draft's lineage from the RFC Editor's index in XML (`reader fetch rfc-index-xml`): the
/// draft says which RFC it became and the RFC which draft it came from, as banners drawn from
/// typed relations — the same in text, Markdown and JSON — and in `refs`, both ways. Real
/// drafts (Tests/Corpus/drafts) and RFC 9110, the XML index built from real entries
/// (Tests/Corpus/derived/rfc-index).
@Suite struct LineageEndToEndTests {
    let store: String
    let mirror: String

    init() throws {
        store = try temporaryFolder("e2e-lineage")
        mirror = try temporaryFolder("e2e-lineage-mirror")
        for (from, to) in [
            ("rfc/rfc-index.txt", "rfc-index.txt"), ("rfc/rfc793.txt", "rfc793.txt"), ("rfc/rfc9110.txt", "rfc9110.txt"),
            ("derived/rfc-index/rfc-index.xml", "rfc-index.xml"),
        ] {
            try Data(try Corpus.bytes(from)).write(to: URL(fileURLWithPath: "\(mirror)/\(to)"))
        }
    }

    var reader: ReaderBinary {
        get throws {
            try ReaderBinary(
                environment: [
                    "READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror,
                    "READER_IETF_ARCHIVE_URL": Corpus.url("drafts").absoluteString,
                ], runner: .inProcess)
        }
    }

    func json(_ run: ReaderBinary.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    /// The pairs `type key` of `refs KEY --json`.
    func refs(_ key: String) async throws -> Set<String> {
        let object = try json(try await reader.run(["refs", key, "--json"]))
        let relations = try #require(object["relations"] as? [[String: Any]])
        return Set(relations.compactMap { item in (item["type"] as? String).map { "\($0) \(item["key"] as? String ?? "")" } })
    }

    @Test func theDraftSaysWhichRFCItBecameAndTheRFCWhichDraftItCameFrom() async throws {
        let reader = try reader
        let fetch = try await reader.run(["fetch", "rfc-index-xml", "draft-nottingham-rfc5988bis-08", "rfc", "9110"])
        #expect(fetch.status == 0, "\(fetch)")

        let draft = try await reader.run(["open", "draft-nottingham-rfc5988bis-08", "--offline"])
        #expect(draft.status == 0, "\(draft)")
        #expect(draft.stdout.split(separator: "\n").first == "*** Became RFC 8288 ***", "\(draft.stdout.prefix(300))")
        let markdown = try await reader.run(["open", "draft-nottingham-rfc5988bis-08", "--offline", "--format", "markdown"])
        #expect(markdown.stdout.contains("> **Became RFC 8288**"), "\(markdown.stdout.prefix(300))")
        let object = try json(try await reader.run(["open", "draft-nottingham-rfc5988bis-08", "--offline", "--format", "json"]))
        #expect(object["notices"] as? [String] == ["Became RFC 8288"])
        #expect(try await refs("draft-nottingham-rfc5988bis-08").contains("became rfc/8288"))

        let rfc = try await reader.run(["open", "9110", "--offline"])
        #expect(rfc.status == 0, "\(rfc)")
        #expect(rfc.stdout.split(separator: "\n").first == "*** Came from draft-ietf-httpbis-semantics-19 ***", "\(rfc.stdout.prefix(300))")
        #expect(try await refs("rfc/9110").contains("cameFrom draft-ietf-httpbis-semantics-19"))
        // The text of refs lists the kind both ways, as every banner kind.
        let text = try await reader.run(["refs", "9110"])
        #expect(text.stdout.contains("came from: draft-ietf-httpbis-semantics-19"), "\(text)")
    }

    /// A kept view is rendered again when the XML index arrives, as when the text index does;
    /// RFC 793's banners, now drawn from relations, read as the index's notices did.
    @Test func keptViewsAreRenderedAgainWhenTheXMLIndexArrives() async throws {
        let reader = try reader
        #expect(try await reader.run(["fetch", "rfc-index", "rfc", "793", "9110"]).status == 0)
        let before = try await reader.run(["open", "9110", "--offline"])
        #expect(!before.stdout.contains("Came from"))
        #expect(try await reader.run(["open", "9110", "--offline"]).stdout == before.stdout)
        let tcp = try await reader.run(["open", "793", "--offline"])
        #expect(
            Array(tcp.stdout.split(separator: "\n").prefix(2)) == [
                "*** Obsoleted by RFC 9293 ***", "*** Updated by RFC 1122, RFC 3168, RFC 6093, RFC 6528 ***",
            ])

        #expect(try await reader.run(["fetch", "rfc-index-xml"]).status == 0)
        let after = try await reader.run(["open", "9110", "--offline"])
        #expect(after.stdout.split(separator: "\n").first == "*** Came from draft-ietf-httpbis-semantics-19 ***")
        #expect(try await reader.run(["open", "9110", "--offline"]).stdout == after.stdout)
    }

    /// A damaged XML index is refused in one line and nothing is stored.
    @Test func aCutShortXMLIndexIsRefusedAndNothingIsStored() async throws {
        let whole = try Corpus.bytes("derived/rfc-index/rfc-index.xml")
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: "\(mirror)/rfc-index.xml"))
        let fetch = try await reader.run(["fetch", "rfc-index-xml"])
        #expect(fetch.status == 5, "\(fetch)")
        let lines = fetch.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("reader:") == true, "\(fetch)")
        #expect(fetch.stderr.contains("cut short"))
        let list = try await reader.run(["cache", "ls"])
        #expect(!list.stdout.contains("rfc-index-xml"), "\(list)")
    }

    /// Replaced-by from the datatracker's record of the draft (`reader fetch datatracker:NAME`),
    /// served on loopback: the record is SYNTHETIC in the real shape
    /// (Tests/Corpus/derived/datatracker), the draft real (Tests/Corpus/drafts).
    @Test func theDatatrackerSaysWhatReplacedADraft() async throws {
        let record = try Corpus.bytes("derived/datatracker/draft-nottingham-thanks-larry.json")
        let server = try await LoopbackServer { request in
            switch request.uri {
            case "/doc/draft-nottingham-thanks-larry/doc.json": .ok(record, contentType: "application/json")
            case "/doc/draft-nottingham-html/doc.json": .ok(Array("<html>Not here</html>".utf8), contentType: "text/html")
            default: .status(404)
            }
        }
        defer { Task { await server.stop() } }
        var reader = try reader
        reader.environment["READER_DATATRACKER_URL"] = server.baseURL
        let fetch = try await reader.run(["fetch", "datatracker:draft-nottingham-thanks-larry", "draft-nottingham-thanks-larry-00"])
        #expect(fetch.status == 0, "\(fetch)")
        let open = try await reader.run(["open", "draft-nottingham-thanks-larry-00", "--offline"])
        #expect(open.stdout.split(separator: "\n").first == "*** Replaced by draft-example-teapot-00 ***", "\(open.stdout.prefix(300))")
        #expect(try await refs("draft-nottingham-thanks-larry-00").contains("replacedBy draft-example-teapot-00"))

        // What the datatracker sends that is no record, and a name that is no draft's: one line, nothing stored.
        let html = try await reader.run(["fetch", "datatracker:draft-nottingham-html"])
        #expect(html.status == 5 && html.stderr.split(separator: "\n").count == 1, "\(html)")
        let path = try await reader.run(["fetch", "datatracker:draft-../../etc/passwd"])
        #expect(path.status == 64 && path.stderr.hasPrefix("reader:") && !path.stderr.contains("\u{1B}"), "\(path)")
        let list = try await reader.run(["cache", "ls"])
        #expect(!list.stdout.contains("draft-nottingham-html") && !list.stdout.contains("passwd"), "\(list)")
    }
}
