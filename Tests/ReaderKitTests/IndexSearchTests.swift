import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderKit

/// `reader search`'s words: lowercased runs of letters and digits, the exact number first.
@Suite struct IndexSearchTests {
    static let entries: [Entry] = {
        guard let module = Registry().module(for: "rfc-index"), let bytes = try? Corpus.bytes("rfc/rfc-index.txt"),
            let document = try? module.parse(ParseInput(bytes: bytes, requestType: "rfc-index", key: "rfc-index"))
        else { return [] }
        return document.entries
    }()

    @Test func theByteSplitterAgreesWithTheUnicodeOneOnEveryTitleAndName() throws {
        try #require(Self.entries.count == 9816)
        let texts = Self.entries.flatMap { [$0.title] + $0.authors }
            + ["TCP/IP", "IPv6-over-IPv4", "  lead  ", "", "x", "A1b2", "tab\tand\r\nline", "Ünïcode Ürl", "naïve café", "Ⅻ 12"]
        for text in texts {
            #expect(IndexSearch.tokens(text) == IndexSearch.unicodeTokens(text), "\(text)")
        }
        #expect(IndexSearch.tokens("Transmission Control Protocol (TCP) Specification")
            == ["transmission", "control", "protocol", "tcp", "specification"])
    }

    @Test func theNumberComesFirstThenTitleWordsThenAuthors() throws {
        func ranked(_ words: [String]) -> [String] {
            let query = IndexSearch(words)
            return Self.entries.enumerated().compactMap { position, entry in query.score(entry).map { (entry.id, $0, position) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 > $1.2 }.map(\.0)
        }
        #expect(ranked(["rfc793"]).first == "793")
        // Ties go to the newest RFC: every title with all three words, newest first.
        let tcp = ranked(["transmission", "control", "protocol"])
        #expect(tcp.prefix(1) == ["9653"])
        #expect(tcp.contains("9293") && tcp.contains("793"))
        #expect(tcp.firstIndex(of: "9293") ?? .max < tcp.firstIndex(of: "793") ?? .max)
        #expect(ranked(["postel"]).contains("793"))
        #expect(ranked(["zzzznotaword"]).isEmpty)
    }
}
