import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import RFCIndexXML

/// `rfc-index.xml` read for lineage (Tests/Corpus/derived/rfc-index: real entries in the real
/// layout): each RFC's `<draft>` becomes a `became` relation of that draft version; damaged
/// input is refused whole or its entries skipped and counted, never half-read.
@Suite struct XMLIndexTests {
    static func parse(_ bytes: [UInt8]) throws -> Document {
        try RFCIndexXMLModule().parse(
            ParseInput(bytes: bytes, requestType: "rfc-index-xml", key: "rfc-index-xml", mediaType: "application/xml"))
    }

    static func index(_ entries: String) -> [UInt8] {
        let open = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rfc-index xmlns=\"https://www.rfc-editor.org/rfc-index\">"
        return Array("\(open)\n\(entries)\n</rfc-index>\n".utf8)
    }

    @Test func eachRFCsDraftBecameIt() throws {
        let document = try Self.parse(try Corpus.bytes("derived/rfc-index/rfc-index.xml"))
        #expect(document.key == "rfc-index-xml")
        #expect(document.notes.isEmpty, "\(document.notes)")
        #expect(
            document.relations == [
                Relation(.became, target: "rfc/5988", subject: "draft-nottingham-http-link-header-10"),
                Relation(.became, target: "rfc/8288", subject: "draft-nottingham-rfc5988bis-08"),
                Relation(.became, target: "rfc/9110", subject: "draft-ietf-httpbis-semantics-19"),
                Relation(.became, target: "rfc/9293", subject: "draft-ietf-tcpm-rfc793bis-28"),
            ])
        // RFC 793 names no draft; BCP and STD entries are not RFCs.
        #expect(document.extra["entryCount"] == JSONValue(5))
        #expect(document.extra["withoutDraft"] == JSONValue(1))
    }

    @Test func aCutShortOrForeignFileIsRefusedWhole() throws {
        let whole = try Corpus.bytes("derived/rfc-index/rfc-index.xml")
        for cut in [whole.count / 2, whole.count - 20, 200] {
            #expect(throws: ParseError.self) { try Self.parse(Array(whole.prefix(cut))) }
        }
        #expect(throws: ParseError.self) { try Self.parse(Array("<html><body>Not Found</body></html>".utf8)) }
        #expect(throws: ParseError.self) { try Self.parse(Self.index("")) }
        #expect(throws: ParseError.self) { try Self.parse([]) }
    }

    @Test func entriesThatCannotBeReadAreSkippedAndCounted() throws {
        let huge = String(repeating: "A", count: 1 << 20)
        let document = try Self.parse(
            Self.index(
                """
                <rfc-entry><doc-id>RFC8288</doc-id><title>\(huge)</title><draft>draft-nottingham-rfc5988bis-08</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0001</doc-id><draft>draft-../../etc/passwd-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0002</doc-id><draft>draft-x-\u{1B}[31m-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0003</doc-id><draft>draft-x-y-&#27;[2J-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0004</doc-id><draft>draft-no-version</draft></rfc-entry>
                <rfc-entry><draft>draft-no-number-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC123456789</doc-id><draft>draft-big-number-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0005</doc-id><draft>draft-\(huge)-01</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0006</doc-id></rfc-entry>
                <rfc-entry><doc-id>RFC0007</doc-id><draft>DRAFT-Upper-Case-03</draft></rfc-entry>
                <rfc-entry><doc-id>RFC0008</doc-id><draft>draft-cut-short-02</draft>
                """))
        #expect(
            document.relations == [
                Relation(.became, target: "rfc/8288", subject: "draft-nottingham-rfc5988bis-08"),
                Relation(.became, target: "rfc/7", subject: "draft-upper-case-03"),
            ])
        #expect(
            document.notes == [
                "7 entries were skipped: no RFC number or no draft name that can be read", "1 entry was skipped: cut short",
            ])
        #expect(document.extra["withoutDraft"] == JSONValue(1))
    }

    @Test func textIsDecodedBoundedAndFreeOfControls() {
        let scanner = XMLIndexScanner(
            bytes: Array(
                "<rfc-index><rfc-entry><doc-id>RFC1</doc-id><title>A &amp; B &#x2013; \u{1B}[2J&#27;C\u{85}<b>D</b></title></rfc-entry></rfc-index>"
                    .utf8))
        var titles: [String] = []
        _ = scanner.entries { titles.append($0.title ?? "") }
        #expect(titles == ["A & B \u{2013} [2J C D"])
        let long = XMLIndexScanner(bytes: Array("<rfc-entry><title>\(String(repeating: "x", count: 100_000))</title></rfc-entry>".utf8))
        _ = long.entries { #expect($0.title?.count == XMLIndexScanner.longestText) }
    }
}
