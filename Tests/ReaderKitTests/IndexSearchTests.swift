import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport
@testable import ReaderWorkers

/// `reader search`'s words: lowercased runs of letters and digits, the exact number first.
@Suite struct IndexSearchTests {
    static let entries: [Entry] = {
        guard let module = Registry(modules: builtinModules).module(for: "rfc-index"), let bytes = try? Corpus.bytes("rfc/rfc-index.txt"),
            let document = try? module.parse(ParseInput(bytes: bytes, requestType: "rfc-index", key: "rfc-index"))
        else { return [] }
        return document.entries
    }()

    /// A query as `reader search` makes it: the entries it names read by the built-in modules'
    /// identifiers (`793`, `rfc793`, `rfc 2119`).
    static let reader = Reader(configuration: Configuration(storeRoot: "/nonexistent/reader-index-search"), modules: builtinModules)
    static func query(_ words: [String]) -> IndexSearch { IndexSearch(words, named: reader.namedEntries(words)) }

    @Test func theByteSplitterAgreesWithTheUnicodeOneOnEveryTitleAndName() throws {
        try #require(Self.entries.count == 9816)
        let texts =
            Self.entries.flatMap { [$0.title] + $0.authors }
            + ["TCP/IP", "IPv6-over-IPv4", "  lead  ", "", "x", "A1b2", "tab\tand\r\nline", "Ünïcode Ürl", "naïve café", "Ⅻ 12"]
        for text in texts {
            #expect(IndexSearch.tokens(text) == IndexSearch.unicodeTokens(text), "\(text)")
        }
        #expect(
            IndexSearch.tokens("Transmission Control Protocol (TCP) Specification")
                == ["transmission", "control", "protocol", "tcp", "specification"])
    }

    @Test func theNumberComesFirstThenTitleWordsThenAuthors() throws {
        try #require(Self.entries.count == 9816)
        // Through the kept index, which ranks as the entries do (`theKeptIndexRanksAsEveryEntryDoes`)
        // and, cut once, in a fraction of the time.
        func ranked(_ words: [String]) -> [String] { IndexSearchTests.query(words).rank(SearchRelevanceTests.kept) }
        #expect(ranked(["rfc793"]).first == "793")
        #expect(ranked(["rfc", "2119"]).first == "2119")
        // A number inside a query is not an RFC number: "version 4" does not put RFC 4 first.
        #expect(ranked(["network", "time", "protocol", "version", "4"]).first != "4")
        #expect(ranked(["http/1.1"]).first == "9112")
        // The current RFC before the ones it obsoletes when equally relevant (and of those,
        // the Internet Standard before the Proposed Standard).
        let smtp = ranked(["simple", "mail", "transfer", "protocol"])
        #expect(Array(smtp.prefix(3)) == ["5321", "821", "2821"])
        // Authors count, below titles.
        #expect(ranked(["postel"]).contains("793"))
        #expect(ranked(["crocker", "host", "software"]).first == "1")
        #expect(ranked(["zzzznotaword"]).isEmpty)
    }

    @Test func acronymsMatchTheWordsTheyStandFor() throws {
        let words = IndexSearch.tokens("Transmission Control Protocol (TCP)")
        #expect(IndexSearch.acronym("tcp", in: words) == [0, 1, 2])
        #expect(IndexSearch.acronym("ipv6", in: IndexSearch.tokens("Internet Protocol, Version 6 (IPv6) Specification")) == [0, 1, 2, 3])
        // A word in capitals is an acronym itself, not one of the words another spells out.
        let tls = "A Transport Layer Security (TLS) ClientHello Padding Extension"
        #expect(IndexSearch.acronym("tcp", in: IndexSearch.tokens(tls), spelled: IndexSearch.spelledTokens(tls)) == nil)
        // What a title defines in parentheses, though the letters are not the words' initials;
        // not a version ("(v3)"), nor a word in parentheses that stands for no words before it.
        func defined(_ title: String) -> [[String]] {
            let words = IndexSearch.tokens(title)
            return IndexSearch.definitions(title, words).map { $0.span.map { words[$0] } }
        }
        #expect(
            defined("Dynamic Host Configuration Protocol for IPv6 (DHCPv6)") == [
                ["dynamic", "host", "configuration", "protocol", "for", "ipv6"]
            ])
        #expect(defined("Post Office Protocol Version 3 (POP3) Support for UTF-8") == [["post", "office", "protocol", "version", "3"]])
        #expect(defined("Lightweight Directory Access Protocol (v3)").isEmpty)
        #expect(defined("Guidelines for Writers (XYZW)").isEmpty)
        // Not the initials of words with digits in them.
        #expect(IndexSearch.acronym("tcp", in: IndexSearch.tokens("TN3270 Current Practices")) == nil)
    }
}
