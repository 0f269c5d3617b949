import ReaderPluginAPI
import Testing

@testable import Tweets

@Suite struct TweetTextTests {
    static func render(_ text: String, range: Range<Int>? = nil, _ entities: [TextEntity]) -> String {
        TweetText.render(text, displayRange: range, entities: entities).text
    }

    @Test func htmlEntities() {
        #expect(HTMLEntities.unescape("a &amp; b &lt;3 &gt; &quot;q&quot; it&#39;s &#x1F3B6; &apos;") == "a & b <3 > \"q\" it's 🎶 '")
        // Not entities: kept as written.
        #expect(HTMLEntities.unescape("AT&T &amp &unknown; &#0; &#xZZ; &") == "AT&T &amp &unknown; &#0; &#xZZ; &")
    }

    /// Unescaping comes last: `&amp;lt;` is the text "&lt;", not "<".
    @Test func unescapesOnce() {
        #expect(Self.render("&amp;lt;", []) == "&lt;")
    }

    /// A dropped link at the end takes the space before it, one at the start the spaces after
    /// it; one in the middle leaves the text as X shows it, both spaces (issue 16, rule c: X
    /// shows "#OpICantBreathe  (@AshAgony)" with two).
    @Test func removedLinksTakeTheirSpaceOnlyAtTheEnds() {
        let photo = TextEntity(range: 6..<29, shortURL: "https://t.co/28Q2tKaAL3", action: .remove)
        #expect(Self.render("Test. https://t.co/28Q2tKaAL3", [photo]) == "Test.")
        #expect(Self.render("Test. https://t.co/28Q2tKaAL3 and more", [photo]) == "Test.  and more")
        let hashtag = TextEntity(range: 16..<39, shortURL: "https://t.co/28Q2tKaAL3", action: .remove)
        #expect(Self.render("#OpICantBreathe https://t.co/28Q2tKaAL3 (@AshAgony)", [hashtag]) == "#OpICantBreathe  (@AshAgony)")
        let first = TextEntity(range: 0..<23, shortURL: "https://t.co/28Q2tKaAL3", action: .remove)
        #expect(Self.render("https://t.co/28Q2tKaAL3 first", [first]) == "first")
        #expect(
            Self.render("line\nhttps://t.co/28Q2tKaAL3", [TextEntity(range: 5..<28, shortURL: "https://t.co/28Q2tKaAL3", action: .remove)])
                == "line")
    }

    /// Indices that do not hold the entity's link (truncated text) leave the text alone.
    @Test func entityNotWhereItSaysIsIgnored() {
        let cut = TextEntity(range: 6..<7, shortURL: "https://t.co/abc", action: .remove)
        #expect(Self.render("Text… https://t.co/ab", [cut]) == "Text… https://t.co/ab")
        let outside = TextEntity(range: 10..<30, shortURL: "https://t.co/abc", action: .remove)
        #expect(Self.render("short", [outside]) == "short")
    }

    /// `display_text_range` hides a reply's leading mentions and a trailing photo link.
    @Test func displayRange() {
        let text = "@a @b hello https://t.co/xyz"
        let rendered = TweetText.render(
            text, displayRange: 6..<11,
            entities: [
                TextEntity(range: 12..<28, shortURL: "https://t.co/xyz", action: .expand(url: "https://e.com", display: nil))
            ])
        #expect(rendered.text == "hello")
        #expect(rendered.links.isEmpty)
        #expect(Self.render("abc", range: 1..<99, []) == "bc")
    }

    @Test func dates() {
        #expect(TweetDates.iso8601("Wed Dec 02 18:16:35 +0000 2015") == "2015-12-02T18:16:35Z")
        #expect(TweetDates.iso8601("Sat Feb 24 14:58:10 +0530 2018") == "2018-02-24T14:58:10+05:30")
        #expect(TweetDates.iso8601("2020-06-25T06:14:19.000Z") == "2020-06-25T06:14:19Z")
        #expect(TweetDates.iso8601("2020-06-25T06:14:19.123Z") == "2020-06-25T06:14:19.123Z")
        #expect(TweetDates.iso8601("Wed Foo 02 18:16:35 +0000 2015") == nil)
        #expect(TweetDates.iso8601("yesterday") == nil)
    }

    @Test func statusLinks() {
        #expect(StatusLinks.isPermalink("https://twitter.com/xeni/status/671749140251090944", to: "671749140251090944"))
        #expect(StatusLinks.isPermalink("https://x.com/xeni/status/671749140251090944?s=20", to: "671749140251090944"))
        #expect(!StatusLinks.isPermalink("https://twitter.com/xeni/status/6717491402510909440", to: "671749140251090944"))
        #expect(StatusLinks.isMediaPage("https://twitter.com/me/status/21/video/1", of: "21"))
        #expect(!StatusLinks.isMediaPage("https://twitter.com/me/status/22/photo/1", of: "21"))
        #expect(StatusLinks.owner(of: "5", in: "https://x.com/some_one/status/5/photo/1") == "some_one")
        #expect(StatusLinks.owner(of: "5", in: "https://x.com/some_one/status/6/photo/1") == nil)
    }
}
