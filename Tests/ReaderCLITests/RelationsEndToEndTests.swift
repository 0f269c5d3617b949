import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader refs KEY [--section S] [--json]` from the relation index, on real documents: RFCs
/// and the RFC index (citations with their sections, the obsoletes/updates graph both ways),
/// two web pages that link, a tweet timeline's replies and quotes; the index kept across
/// `cache rm` and checked by `cache verify`. Run in process (`ReaderBinary.Runner`).
@Suite struct RelationsEndToEndTests {
    let store: String
    let reader: ReaderBinary

    init() throws {
        store = try temporaryFolder("relations")
        reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": Corpus.url("rfc").absoluteString],
            runner: .inProcess)
    }

    struct Related: Hashable {
        var type: String
        var key: String
        var section: String?
    }

    /// `refs WORDS --json`: the key, and each relation's type, key and section; the titles by key.
    func related(_ words: [String]) async throws -> (key: String?, relations: [Related], titles: [String: String], stored: [String: Bool]) {
        let run = try await reader.run(["refs"] + words + ["--json"])
        try #require(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let list = try #require(object["relations"] as? [[String: Any]], "\(run)")
        var titles: [String: String] = [:]
        var stored: [String: Bool] = [:]
        var relations: [Related] = []
        for item in list {
            let key = try #require(item["key"] as? String)
            // The contract's keys are always there, null when unknown.
            #expect(item.keys.contains("title") && item.keys.contains("section") && item["type"] is String, "\(item)")
            relations.append(Related(type: item["type"] as? String ?? "", key: key, section: item["section"] as? String))
            if let title = item["title"] as? String { titles[key] = title }
            stored[key] = item["stored"] as? Bool
        }
        return (object["key"] as? String, relations, titles, stored)
    }

    func fetch(_ words: [String]) async throws {
        let run = try await reader.run(["fetch"] + words)
        try #require(run.status == 0, "\(run)")
    }

    @Test func anRFCsRelationsBothWaysWithTheIndexGraphAndTitles() async throws {
        try await fetch(["rfc-index", "rfc", "793", "6093", "9110"])
        let refs = try await related(["793"])
        #expect(refs.key == "rfc/793")
        let relations = Set(refs.relations)
        // The index's graph, both ways, for documents stored or not.
        for expected in [
            Related(type: "obsoletes", key: "rfc/761"), Related(type: "obsoletedBy", key: "rfc/9293"),
            Related(type: "updatedBy", key: "rfc/1122"), Related(type: "updatedBy", key: "rfc/6093"),
        ] {
            #expect(relations.contains(expected), "\(expected): \(refs.relations)")
        }
        // What its text cites, in its section; who cites it, and which of its sections.
        #expect(relations.contains(Related(type: "cites", key: "rfc/791", section: "3.9")), "\(refs.relations)")
        #expect(relations.contains(Related(type: "citedBy", key: "rfc/6093", section: "3.1")), "\(refs.relations)")
        #expect(relations.contains { $0.type == "citedBy" && $0.key == "rfc/9110" }, "\(refs.relations)")
        #expect(refs.titles["rfc/791"] == "Internet Protocol" && refs.titles["rfc/9293"] == "Transmission Control Protocol (TCP)")
        #expect(refs.stored["rfc/6093"] == true && refs.stored["rfc/9293"] == false)

        // The text: the graph as lists, both ways; the citations in columns with their titles.
        let text = try await reader.run(["refs", "793"])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "RFC 793: Transmission Control Protocol", "\(text)")
        #expect(lines.contains("obsoleted by: RFC 9293"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("updated by: ") && $0.contains("RFC 6528") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("  ") && $0.contains("reader open") && $0.hasSuffix("Internet Protocol") }, "\(text)")
        #expect(lines.contains("cited by (2):"), "\(text)")

        // Seen from the other side: 9110 is cited by nobody stored, and cites 793.
        let cited = try await related(["rfc/9110"])
        #expect(cited.relations.contains { $0.type == "cites" && $0.key == "rfc/793" }, "\(cited.relations)")
        #expect(cited.relations.contains(Related(type: "obsoletes", key: "rfc/7231")))
    }

    @Test func aSectionNarrowsToTheRelationsMadeInItOrPointingToIt() async throws {
        try await fetch(["rfc-index", "rfc", "793", "6093", "9110"])
        let pointing = try await related(["793", "--section", "3.1"])
        // 3.1 cites RFC 791 as "[2]", its reference list's "[2] Postel, J. (ed.), "Internet
        // Protocol …", RFC 791"; and RFC 6093 cites 793's 3.1.
        #expect(
            Set(pointing.relations) == [
                Related(type: "citedBy", key: "rfc/6093", section: "3.1"), Related(type: "cites", key: "rfc/791", section: "3.1"),
            ],
            "\(pointing.relations)")
        // "History and Evolution" cites [RFC2068]… by number and [HTTP/1.0], [CACHING]… by label.
        let made = try await related(["9110", "--section", "1.2"])
        #expect(
            Set(made.relations.map(\.key)) == [
                "rfc/2068", "rfc/2616", "rfc/7230", "rfc/7235", "rfc/1945", "rfc/9111", "rfc/9112", "rfc/9113", "rfc/9114",
            ], "\(made.relations)")
        #expect(made.relations.allSatisfy { $0.type == "cites" && $0.section == "1.2" })
        // Who cites the section names where: the citing document's section, and the command
        // that opens it there (issue 30: "the stored documents and sections that cite it").
        let json = try await reader.run(["refs", "793", "--section", "3.1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let citing = (object["relations"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "citedBy" }
        let place = try #require(citing.first?["otherSection"] as? String, "\(json)")
        let text = try await reader.run(["refs", "793", "--section", "3.1"])
        #expect(text.stdout.contains("RFC 6093 §\(place)"), "\(text)")
        #expect(text.stdout.contains("reader open 6093 --section \(place)"), "\(text)")
        // A section within it counts: 3 holds 3.1 and 3.9.
        let within = try await related(["793", "--section", "3"])
        #expect(Set(within.relations.map(\.key)) == ["rfc/6093", "rfc/791", "rfc/790"], "\(within.relations)")
    }

    @Test func twoStoredPagesLinkOneWayAndAreLinkedFromTheOther() async throws {
        // The Wikipedia article links `/wiki/Complex_number`; another real page stands there.
        let article = try Corpus.bytes("html/wikipedia-3/source.html")
        let other = try Corpus.bytes("html/mozilla-2/source.html")
        // A loop of its own: in a full run, the shared one is busy with the servers of many tests.
        let server = try await LoopbackServer(isolated: true) { request in
            switch request.uri {
            case "/wiki/Hermitian_matrix": .ok(article, contentType: "text/html; charset=utf-8")
            case "/wiki/Complex_number": .ok(other, contentType: "text/html; charset=utf-8")
            default: .status(404)
            }
        }
        let page = server.baseURL + "/wiki/Hermitian_matrix"
        let linked = server.baseURL + "/wiki/Complex_number"
        try await fetch([page, linked])
        await server.stop()

        let links = try await related([page])
        #expect(links.key == page)
        #expect(links.relations.contains(Related(type: "links", key: linked)), "\(links.relations)")
        #expect(links.stored[linked] == true && links.titles[linked]?.isEmpty == false)
        // Pages not stored are there too, as keys to fetch.
        #expect(
            links.relations.contains {
                $0.type == "links" && $0.key == server.baseURL + "/wiki/Real_number" && links.stored[$0.key] == false
            })
        let back = try await related([linked])
        #expect(back.relations.contains(Related(type: "linkedFrom", key: page)), "\(back.relations)")
        let text = try await reader.run(["refs", linked])
        #expect(text.stdout.contains("linked from (1):"), "\(text)")
    }

    @Test func aTimelinesRepliesAndQuotesBothWays() async throws {
        let timeline = Corpus.url("twitter/v2_search_recent.json").absoluteString
        let quoting = Corpus.url("twitter/v1_quote_tweet.json").absoluteString
        try await fetch([timeline, quoting])
        let refs = try await related([timeline])
        let status = "https://x.com/i/status/"
        // Three tweets it replies to; two of its tweets reply to its tweet 1275653067283759104.
        #expect(
            Set(refs.relations.filter { $0.type == "repliesTo" }.map(\.key)) == [
                status + "1275653067283759104", status + "1273733248749690880", status + "1274086728471461889",
            ], "\(refs.relations)")
        let replies = refs.relations.filter { $0.type == "replies" }
        #expect(Set(replies) == [Related(type: "replies", key: timeline, section: "1275653067283759104")], "\(refs.relations)")
        #expect(!refs.relations.contains { $0.type == "contains" || $0.type == "containedIn" }, "\(refs.relations)")
        let quotes = try await related([quoting])
        #expect(quotes.relations == [Related(type: "quotes", key: status + "735617035615408128", section: "780460235408277505")])
    }

    @Test func forgettingADocumentTakesItsRelationsAndVerifyNamesADamagedIndex() async throws {
        try await fetch(["rfc-index", "rfc", "793", "6093"])
        #expect(try await related(["793"]).relations.contains { $0.type == "citedBy" && $0.key == "rfc/6093" })
        let remove = try await reader.run(["cache", "rm", "rfc/6093"])
        #expect(remove.status == 0, "\(remove)")
        let after = try await related(["793"])
        #expect(!after.relations.contains { $0.type == "citedBy" }, "\(after.relations)")
        // What the index tells of 6093 stays: it is stored.
        #expect(after.relations.contains(Related(type: "updatedBy", key: "rfc/6093")), "\(after.relations)")
        let clean = try await reader.run(["cache", "verify"])
        #expect(clean.status == 0, "\(clean)")

        // A relation of no document, written into the index's file by someone else.
        let database = store + "/fulltext/index.db"
        try #require(FileManager.default.fileExists(atPath: database))
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [database, "INSERT INTO relations VALUES (99999, 'rfc/1', 'cites', 'rfc/793', '0' || char(31) || char(31))"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status != 0, "\(verify)")
        #expect(verify.stdout.contains("relation index") || verify.stderr.contains("relation index"), "\(verify)")
        // And the crafted row says nothing: no document by that id is stored.
        #expect(!(try await related(["793"]).relations.contains { $0.key == "rfc/1" }))
    }
}
