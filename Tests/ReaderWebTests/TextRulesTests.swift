import ReaderBuiltins
import ReaderKit
import Testing

@testable import ReaderWeb

/// The small rules pages are written with, on their edges (synthetic inputs).
@Suite struct TextRulesTests {
    /// The names the built-in modules' identifiers give keys, as a site reads them.
    static let names = KeyNames(Registry(modules: builtinModules).registrations.flatMap(\.module.descriptor.identifiers))

    @Test(arguments: [
        ("see RFC 793.", [793]), ("[RFC9110] and [RFC-3986]", [9110, 3986]), ("RFC\u{00A0}2616", [2616]),
        ("RFCs 1 and 2", []), ("XRFC 12", []), ("RFC 123456", [123456]), ("RFC 0", []), ("rfc 793", []), ("RFC 793a", []),
        ("« RFC 8446 »", [8446]), ("RFC 9110RFC 9111", []),
    ])
    func rfcMentionsAreReadFromTheLabelTemplate(_ text: String, _ numbers: [Int]) {
        #expect(Self.names.mentions.find(in: text).map(\.key) == numbers.map { "rfc/\($0)" })
    }

    @Test(
        arguments: [
            ("793", "rfc/793"), ("rfc 793", "rfc/793"), ("RFC0793", "rfc/793"), (" rfc  9110 ", "rfc/9110"), ("tcp", nil),
            ("793 tcp", nil), ("0", nil),
        ] as [(String, String?)])
    func aShorthandNamesAKeyThroughTheIdentifiers(_ typed: String, _ key: String?) {
        #expect(Self.names.key(shorthand: typed) == key)
    }

    @Test func aKeyIsLabelledAddressedAndFetchedThroughItsIdentifier() {
        #expect(Self.names.label(ofKey: "rfc/793") == "RFC 793")
        #expect(Self.names.path(ofKey: "rfc/793") == "/rfc/793")
        #expect(Self.names.fetchField(ofKey: "rfc/793").map { $0.name + "=" + $0.value } == "rfc=793")
        #expect(Self.names.key(requestType: "rfc", argument: "793") == "rfc/793")
        #expect(Self.names.label(ofKey: "rfc/0793") == nil, "not a key the module writes")
        #expect(Self.names.path(ofKey: "https://example.org/a") == "/doc?key=https%3A%2F%2Fexample.org%2Fa")
        #expect(Self.names.fetchField(ofKey: "https://example.org/a") == nil, "a URL is never fetched by a button")
    }

    @Test func aMentionIsReplacedWhereItStandsAndTheRestStaysText() {
        var html = HTML()
        KeyLinks(names: Self.names, stored: ["rfc/793"], mayFetch: true).write("<b> RFC 793, not RFC 9293 ", into: &html)
        #expect(
            html.output
                == "&lt;b&gt; <a href=\"/rfc/793\">RFC 793</a>, not <button form=\"fetch\" name=\"rfc\" value=\"9293\" class=\"fetch\" title=\"Fetch RFC 9293\">RFC 9293</button> "
        )
    }

    @Test(
        arguments: [
            ("q=head+of+line", "head of line"), ("q=a%2Bb", "a+b"), ("q=%E2%9C%93", "✓"), ("q=%ZZ", "%ZZ"), ("q=%FF", "\u{FFFD}"),
            ("q=", nil), ("x=1&q=two&q=three", "two"), ("q", nil), ("q=a=b", "a=b"),
        ] as [(String, String?)])
    func formFields(_ query: String, _ value: String?) {
        #expect(FormFields(query)["q"] == value)
    }

    @Test func aKeyKeepsEveryCharacterThroughALink() {
        let key = "https://example.org/a b?x=1&y=2#frag+"
        let encoded = QueryText.encode(key)
        #expect(!encoded.contains(where: { "&=#+ ?".contains($0) }))
        #expect(FormFields("key=" + encoded)["key"] == key)
    }

    @Test func anchorsAreUniqueAndReadable() {
        var anchors = Anchors()
        #expect(DocumentBody.anchor(number: "3.2.", title: "x") == "section-3.2")
        #expect(DocumentBody.anchor(number: nil, title: "Security Considerations") == "section-security-considerations")
        #expect(DocumentBody.anchor(number: nil, title: "«»") == "section-untitled")
        #expect(anchors.unique("section-a") == "section-a")
        #expect(anchors.unique("section-a") == "section-a-2")
    }

    @Test(
        arguments: [
            ("javascript:alert(1)", nil), (" JAVASCRIPT:x", nil), ("data:text/html,x", nil), ("vbscript:x", nil),
            ("file:///etc/passwd", nil),
            ("java\u{09}script:x", nil), ("#top", "#top"), ("https://example.org/", "https://example.org/"),
            ("mailto:a@example.org", "mailto:a@example.org"), ("/wiki/X", "https://en.wikipedia.org/wiki/X"),
            ("https://www.rfc-editor.org/rfc/rfc793.txt", "/rfc/793"),
            ("https://datatracker.ietf.org/doc/html/rfc9293", "https://datatracker.ietf.org/doc/html/rfc9293"),
        ] as [(String, String?)])
    func linksThatMayBeFollowed(_ url: String, _ href: String?) {
        #expect(
            SafeLink.href(
                url, base: "https://en.wikipedia.org/wiki/Page", links: KeyLinks(names: Self.names, stored: ["rfc/793"], mayFetch: true))
                == href)
    }
}
