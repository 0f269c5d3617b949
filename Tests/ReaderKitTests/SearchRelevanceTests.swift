import Foundation
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// `reader search` against what people type: `Relevance/queries.tsv` holds real queries
/// (one a line: the words, the RFCs any of which is the right answer, and whether it must come
/// first, 1, or in the top 3), checked against the real index (9,816 entries). Written by
/// hand from what each RFC is known as, not from what the ranking returns. Every query is
/// answered as it states but the few listed in `everyQueryOfTheSetIsAnsweredAsItStates`.
@Suite struct SearchRelevanceTests {
    struct Query: CustomStringConvertible {
        var words: [String]
        var answers: [String]
        var within: Int
        var description: String { words.joined(separator: " ") }
    }

    static let queries: [Query] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Relevance/queries.tsv")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t").map(String.init)
            guard columns.count == 3, let within = Int(columns[2]) else { return nil }
            return Query(
                words: columns[0].split(separator: " ").map(String.init), answers: columns[1].split(separator: ",").map(String.init),
                within: within)
        }
    }()

    /// The index cut once, as `reader serve` keeps it.
    static let kept = IndexSearch.SearchableIndex(IndexSearchTests.entries.map { IndexSearch.Searchable($0) })

    /// The last queries of the set, written down before their ranking was looked at.
    static let heldOut = 28

    @Test func everyQueryOfTheSetIsAnsweredAsItStates() throws {
        try #require(IndexSearchTests.entries.count == 9816)
        try #require(Self.queries.count == 73)
        var first = 0
        var topThree = 0
        var asked = 0
        var heldOutAsked = 0
        var misses: [String] = []
        for (index, query) in Self.queries.enumerated() {
            let top = IndexSearchTests.query(query.words).rank(Self.kept).prefix(3)
            if let best = top.first, query.answers.contains(best) { first += 1 }
            if top.contains(where: query.answers.contains) { topThree += 1 }
            let met = query.within == 1 ? top.first.map(query.answers.contains) ?? false : top.contains(where: query.answers.contains)
            if met {
                asked += 1
                if index >= Self.queries.count - Self.heldOut { heldOutAsked += 1 }
            } else {
                misses.append("\(query) → \(top.joined(separator: ","))")
            }
        }
        print(
            "relevance: \(Self.queries.count) queries: \(first) first, \(topThree) in the top 3, \(asked) as asked (held out: \(heldOutAsked) of \(Self.heldOut)); misses: \(misses.joined(separator: "; "))"
        )
        // Not yet every query. `cookies` is "HTTP State Management Mechanism" (6265): no title
        // of the index says cookie but two on DNS cookies, no title that does updates or
        // obsoletes it, nor defines a cookie in parentheses; nothing in the index ties the word
        // to it. `ipsec architecture` is "Security Architecture for the Internet Protocol"
        // (4301): the titles define IPsec as "IP Security" and "Internet Protocol Security"
        // (in that order), this title has the words the other way round, and no IPsec title
        // updates it; only the one title that says "IPsec Architecture" matches both words.
        // None may be added; one answered leaves the list.
        let knownMisses: Set<String> = ["cookies", "ipsec architecture"]
        #expect(misses.filter { !knownMisses.contains(String($0.prefix { $0 != "→" }.dropLast())) }.isEmpty, "\(misses)")
        #expect(asked >= Self.queries.count - knownMisses.count)
    }

    /// The index `reader serve` keeps ranks exactly as a ranking of every entry does: it only
    /// leaves out entries no word can match.
    @Test func theKeptIndexRanksAsEveryEntryDoes() throws {
        try #require(IndexSearchTests.entries.count == 9816)
        let more = [
            ["rfc", "2119"], ["ipv6"], ["transmission", "zzqqxx"], ["the", "of", "protocol"], ["793"], ["rfc793", "tcp"], ["postel"],
        ]
        // Every query of the set, the edge cases, and runs of three words of a real RFC's text
        // as the search page meets them ("the window is"): no title has most such runs whole,
        // and those that have the most of their words are found among the entries most of the
        // words may match before the others.
        let text = String(decoding: try Corpus.bytes("rfc/rfc793.txt"), as: UTF8.self)
        let words = text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter { $0.count >= 2 }
        let runs = stride(from: 200, to: min(words.count - 3, 200 + 40 * 331), by: 331).map { Array(words[$0..<$0 + 3]) }
        try #require(runs.count == 40)
        for query in Self.queries.map(\.words) + more + runs {
            #expect(IndexSearchTests.query(query).rank(Self.kept) == IndexSearchTests.query(query).rankScoringEvery(Self.kept), "\(query)")
        }
        // And once by cutting all 9,816 entries again, which is most of this suite's time in a
        // debug build.
        #expect(
            IndexSearchTests.query(["the", "of", "protocol"]).rank(Self.kept)
                == IndexSearchTests.query(["the", "of", "protocol"]).rank(Self.kept.entries))
        // And as the entries themselves, which are cut again for each query.
        #expect(IndexSearchTests.query(["tcp"]).rank(Self.kept) == IndexSearchTests.query(["tcp"]).rank(IndexSearchTests.entries).map(\.id))
    }

    @Test func anAcronymMatchesOnlyTheWordsItStandsFor() throws {
        try #require(IndexSearchTests.entries.count == 9816)
        let tcp = IndexSearchTests.query(["tcp"]).rank(Self.kept)
        #expect(Array(tcp.prefix(3)).contains("793") && Array(tcp.prefix(3)).contains("9293"), "\(tcp.prefix(3))")
        // "Telnet Com Port Control Option", "Object Identifiers for Test Certificate Policies":
        // their initials spell TCP, their words are not what it stands for.
        #expect(!tcp.contains("2217") && !tcp.contains("7229"))
        let transmission = IndexSearchTests.query(["transmission", "control"]).rank(Self.kept).prefix(3)
        #expect(transmission.contains("793") && transmission.contains("9293"), "\(transmission)")
    }

    @Test func authorityRaisesTheStandardAboveLongerTitlesThatRepeatTheWord() throws {
        try #require(IndexSearchTests.entries.count == 9816)
        for (words, answer) in [(["quic"], "9000"), (["json"], "8259"), (["oauth", "2.0"], "6749")] {
            let top = IndexSearchTests.query(words).rank(Self.kept).prefix(3)
            #expect(top.contains(answer), "\(words): \(top)")
        }
        // A title that is exactly the query stays first, above any standard.
        #expect(IndexSearchTests.query(["internet", "message", "format"]).rank(Self.kept).first == "5322")
        #expect(IndexSearchTests.query(["punycode"]).rank(Self.kept).first == "3492")
    }
}
