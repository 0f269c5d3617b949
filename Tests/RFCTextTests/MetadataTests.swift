import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct MetadataTests {
    // Each RFC's title, date, authors, relations and category are its case in
    // `Plugins/RFCText/Cases/`.

    /// The title is the document's title, not a line of its body.
    @Test func titleIsNotRepeatedInTheBody() throws {
        #expect(!(try Fixtures.document(9110).plainText.contains("HTTP Semantics\n")))
        #expect(!(try Fixtures.document(3986).textLines.contains("Uniform Resource Identifier (URI): Generic Syntax")))
    }

    /// Every RFC cited in the text, as a regular expression over the raw text (lines joined) finds them.
    static func citedIndependently(_ raw: String, own: Int) -> Set<Int> {
        let flat = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var found: Set<Int> = []
        for match in flat.matches(of: /(?:^|[^A-Za-z0-9])RFC[ -]?0*([1-9][0-9]{0,4})(?![A-Za-z0-9])/) {
            if let number = Int(match.1) { found.insert(number) }
        }
        for match in flat.matches(of: /(?:^|[^A-Za-z0-9])RFCs ([0-9]+(?:(?:, and |, or | and | or |, )[0-9]+)*)/) {
            for number in match.1.matches(of: /[0-9]+/) { if let value = Int(number.output) { found.insert(value) } }
        }
        found.remove(own)
        return found
    }

    @Test(arguments: [(1, 0), (793, 3), (2616, 42), (3986, 23), (8446, 49), (9110, 74)])
    func referencesAreEveryCitedRFC(number: Int, count: Int) throws {
        let document = try Fixtures.document(number)
        let references = document.referenceNumbers
        #expect(references.count == count)
        #expect(references == references.sorted())
        #expect(Set(references) == Self.citedIndependently(try Fixtures.raw(number), own: number))
        #expect(!references.contains(number))
        #expect(document.links.count == count)
        #expect(Set(document.links.map(\.text)) == Set(references.map { "RFC \($0)" }))
        #expect(document.links.allSatisfy { $0.url == "https://www.rfc-editor.org/rfc/rfc" + $0.text.dropFirst(4) })
    }

    @Test func knownCitations() throws {
        #expect(try Fixtures.document(793).referenceNumbers == [761, 790, 791])
        #expect(try Fixtures.document(9110).referenceNumbers.contains(9111))
        #expect(try Fixtures.document(9110).referenceNumbers.contains(3986))
        #expect(try Fixtures.document(3986).referenceNumbers.contains(2396))
        #expect(try Fixtures.document(8446).referenceNumbers.contains(8174))
        #expect(try Fixtures.document(2616).referenceNumbers.contains(2068))
    }

    /// `RFCs 5705 and 6066`, `[RFC2119]`, `RFC-1122`, `RFC 791`: each number its own link.
    @Test func mentionsOfRFCs() {
        let text = Array(
            "updates RFCs 5705 and 6066, and obsoletes RFCs 5077, 5246, and 6961; see [RFC2119], RFC-1122, RFC 0791 and RFC791x, NORFC 12."
                .utf8)
        let mentions = RFCMention.find(in: text)
        #expect(mentions.map(\.number) == [5705, 6066, 5077, 5246, 6961, 2119, 1122, 791])
        #expect(
            mentions.map { String(decoding: text[$0.range], as: UTF8.self) } == [
                "RFCs 5705", "6066", "RFCs 5077", "5246", "6961", "RFC2119", "RFC-1122", "RFC 0791",
            ])
    }

    /// A paragraph's mentions are linked runs pointing at the document's links.
    @Test func paragraphsLinkTheirCitations() throws {
        let document = try Fixtures.document(793)
        let reference = try #require(
            document.allBlocks.first { block in
                if case .paragraph(let inlines) = block { return inlines.plainText.hasPrefix("[2] Postel, J. (ed.)") }
                return false
            })
        guard case .paragraph(let inlines) = reference else { return }
        let linked = inlines.filter { $0.link != nil }
        #expect(linked.map(\.text) == ["RFC 791"])
        let link = try #require(linked.first?.link)
        #expect(document.links[link] == Link(text: "RFC 791", url: "https://www.rfc-editor.org/rfc/rfc791"))
        #expect(
            inlines.plainText
                == "[2] Postel, J. (ed.), \"Internet Protocol - DARPA Internet Program Protocol Specification\", RFC 791, USC/Information Sciences Institute, September 1981."
        )
    }

    @Test(arguments: [
        ("September 1981", "1981-09"), ("7 April 1969", "1969-04-07"), ("June 1999", "1999-06"), ("April 1, 1990", "1990-04-01"),
        ("Sept. 2001", "2001-09"), ("Dec 1975", "1975-12"),
    ])
    func dates(text: String, iso: String) {
        #expect(RFCDate.iso(text) == iso)
    }

    @Test(arguments: ["1981", "Septober 1981", "32 May 2000", "May 81", "Transmission Control Protocol"])
    func notDates(text: String) {
        #expect(RFCDate.iso(text) == nil)
    }
}
