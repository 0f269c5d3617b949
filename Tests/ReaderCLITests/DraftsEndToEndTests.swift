import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch draft NAME-NN`, `reader open draft-NAME-NN`, `reader refs`, through the built
/// binary, from a `file://` copy of the IETF archive (Tests/Corpus/drafts: real versions).
@Suite struct DraftsEndToEndTests {
    let store: String
    let reader: ReaderBinary

    init() throws {
        store = try temporaryFolder("e2e-drafts")
        reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_IETF_ARCHIVE_URL": Corpus.url("drafts").absoluteString],
            runner: .binary)
    }

    func json(_ run: ReaderBinary.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    @Test func aVersionIsFetchedThenReadOfflineAsAnRFCIs() async throws {
        let fetch = try await reader.run(["fetch", "draft", "draft-nottingham-rfc5988bis-07"])
        #expect(fetch.status == 0, "\(fetch)")

        let open = try await reader.run(["open", "draft-nottingham-rfc5988bis-07", "--offline"])
        #expect(open.status == 0, "\(open)")
        #expect(open.stdout.contains("Web Linking"))
        #expect(open.stdout.contains("Standards Track"))
        #expect(open.stdout.contains("Link Relation Types"))
        #expect(!open.stdout.contains("[Page "))
        #expect(!open.stdout.contains("\u{0C}"))

        let object = try json(try await reader.run(["open", "draft-nottingham-rfc5988bis-07", "--offline", "--format", "json"]))
        #expect(object["source"] as? String == "draft")
        #expect(object["key"] as? String == "draft-nottingham-rfc5988bis-07")
        #expect(object["name"] as? String == "draft-nottingham-rfc5988bis")
        #expect(object["version"] as? String == "07")
        #expect(object["intendedStatus"] as? String == "Standards Track")
        #expect(object["expires"] as? String == "2018-01-19")
        #expect((object["sections"] as? [[String: Any]])?.contains { $0["number"] as? String == "3" } == true)

        let toc = try await reader.run(["open", "draft-nottingham-rfc5988bis-07", "--offline", "--toc"])
        #expect(toc.status == 0, "\(toc)")
        #expect(toc.stdout.contains("Link Relation Types"))
        #expect(!toc.stdout.contains("This specification defines a model"))

        let section = try await reader.run(["open", "draft-nottingham-rfc5988bis-07", "--offline", "--section", "3"])
        #expect(section.status == 0, "\(section)")
        #expect(section.stdout.contains("Link Serialisation in HTTP Headers"))
        #expect(section.stdout.contains("Link Header Field Examples"))
        #expect(!section.stdout.contains("Abstract"))
        #expect(!section.stdout.contains("IANA Considerations"))
    }

    /// Its citations of RFCs and the RFC it would obsolete, as `refs` lists them, both ways.
    @Test func referencesAreRelations() async throws {
        #expect(try await reader.run(["fetch", "draft-nottingham-rfc5988bis-07"]).status == 0)
        let run = try await reader.run(["refs", "draft-nottingham-rfc5988bis-07", "--json"])
        #expect(run.status == 0, "\(run)")
        let object = try json(run)
        #expect(object["key"] as? String == "draft-nottingham-rfc5988bis-07")
        let relations = try #require(object["relations"] as? [[String: Any]])
        let pairs = Set(relations.compactMap { item in (item["type"] as? String).map { "\($0) \(item["key"] as? String ?? "")" } })
        #expect(pairs.isSuperset(of: ["obsoletes rfc/5988", "cites rfc/3986", "cites rfc/2119"]), "\(pairs)")
    }

    /// Two versions of one draft are two documents, stored side by side.
    @Test func twoVersionsAreStoredSideBySide() async throws {
        #expect(try await reader.run(["fetch", "draft", "draft-nottingham-rfc5988bis-07"]).status == 0)
        #expect(try await reader.run(["fetch", "draft-nottingham-rfc5988bis-08"]).status == 0)
        let list = try await reader.run(["cache", "ls"])
        #expect(list.stdout.contains("draft-nottingham-rfc5988bis-07"), "\(list)")
        #expect(list.stdout.contains("draft-nottingham-rfc5988bis-08"), "\(list)")
        let older = try json(try await reader.run(["open", "draft-nottingham-rfc5988bis-07", "--offline", "--format", "json"]))
        let newer = try json(try await reader.run(["open", "draft-nottingham-rfc5988bis-08", "--offline", "--format", "json"]))
        #expect(older["version"] as? String == "07")
        #expect(newer["version"] as? String == "08")
        #expect(older["expires"] as? String != newer["expires"] as? String)
    }

    /// A name, a version or a file that is wrong: one `reader:` line, the contract's code,
    /// nothing of the argument raw on the terminal, nothing stored.
    @Test(arguments: [
        (["fetch", "draft", "draft-nottingham-rfc5988bis-999"], 64, "versions are two digits"),
        (["fetch", "draft", "../../../etc/passwd"], 64, "is not a draft's name"),
        (["fetch", "draft", "draft-\u{1B}]0;owned\u{07}-01"], 64, "is not a draft's name"),
        (["fetch", "draft", "draft-nottingham-rfc5988bis-99"], 4, "no such file"),
        (["open", "draft-nottingham-rfc5988bis-07", "--offline"], 3, "reader fetch"),
    ])
    func aBadRequestIsOneLine(arguments: [String], status: Int32, words: String) async throws {
        let run = try await reader.run(arguments)
        #expect(run.status == status, "\(run)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("reader: "), "\(run)")
        #expect(run.stderr.contains(words), "\(run)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"))
        #expect(try await reader.run(["cache", "ls"]).stdout.contains("draft-") == false)
    }

    /// An archive that answers with an HTML page or binary bytes: refused as not a draft, nothing stored.
    @Test(arguments: [
        Array("<!DOCTYPE html>\n<html><head><title>draft-x-y-01</title></head><body>Internet-Draft</body></html>\n".utf8),
        [UInt8](repeating: 0, count: 64) + Array("Internet-Draft\u{1B}[2J".utf8) + [UInt8](repeating: 1, count: 64),
    ])
    func anArchiveServingNoDraftStoresNothing(body: [UInt8]) async throws {
        let server = try await LoopbackServer { request in .ok(body) }
        defer { Task { await server.stop() } }
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_IETF_ARCHIVE_URL": server.baseURL + "/archive/id/"], runner: .binary)
        let run = try await reader.run(["fetch", "draft", "draft-example-thing-01"])
        #expect(run.status == 5, "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("reader: "), "\(run)")
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(try await reader.run(["open", "draft-example-thing-01", "--offline"]).status == 3)
    }
}
