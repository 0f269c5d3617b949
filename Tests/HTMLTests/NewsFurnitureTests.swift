import ReaderPluginAPI
import Testing

@testable import HTML

/// Synthetic pages for the news-page rules (`Cleaner+Furniture.swift`): what goes, and the
/// look-alikes in an article's own text that stay.
@Suite struct NewsFurnitureTests {
    static let prose = String(
        repeating: "The council met on Tuesday, and after a long debate, it voted to keep the library open on weekends. ",
        count: 3)

    static func text(_ body: String) throws -> String {
        let page = "<html><head><title>Council keeps the library open</title></head><body><div id=\"main\">\(body)</div></body></html>"
        return try HTMLModule().parse(ParseInput(bytes: Array(page.utf8), requestType: "html", key: "synthetic")).plainText
    }

    @Test func furnitureAroundTheArticleGoes() throws {
        let text = try Self.text(
            """
            <article><p>Published November 20th, 2019 - 07:50 GMT</p>
            <p>By Jane Doe</p>
            <p>\(Self.prose)</p><figure><img src="a.jpg" alt="The library"><div class="caption-text">The library on Main Street.</div>
            <div class="credit">(Image: City archive)</div></figure>
            <p>\(Self.prose)</p><p>\(Self.prose)</p>
            <p><i>Follow us on Twitter and Facebook for more news.</i></p>
            <div class="block"><h2>You may also like</h2><p><a href="/a">Another story about the council and the library budget</a></p></div>
            </article>
            """)
        #expect(text.contains("voted to keep the library open"))
        for furniture in [
            "Published November", "By Jane Doe", "Main Street", "City archive", "Follow us", "You may also like", "Another story",
        ] {
            #expect(!text.contains(furniture), "\(furniture) is kept")
        }
    }

    @Test func lookAlikesInTheArticleStay() throws {
        let text = try Self.text(
            """
            <article><p>\(Self.prose)</p><h2>June 2020</h2><p>\(Self.prose)</p>
            <h2>Related work</h2><p>Earlier studies of the library's opening hours, and of its budget, found the same.</p>
            <h3>By the numbers</h3><p>\(Self.prose)</p>
            <p>Follow the river north and the library is on your left, past the old mill.</p>
            <p>The vote came on <span>February 2018</span>, a year after the first proposal.</p>
            <figure><img src="b.jpg" alt="Readers"><figcaption>Readers on a Sunday afternoon.</figcaption></figure>
            </article>
            """)
        for content in [
            "June 2020", "Related work", "Earlier studies", "By the numbers", "Follow the river", "February 2018",
            "Readers on a Sunday",
        ] {
            #expect(text.contains(content), "\(content) is dropped")
        }
    }

    /// Issue 27's rules, made on the tuning half of the news corpus: a title with a headline
    /// linked after its colon, a bare "More:" over a list of links, an affiliate disclosure,
    /// a broadcaster's "listen live".
    @Test func linkedTitlesDisclosuresAndListenLiveGo() throws {
        let text = try Self.text(
            """
            <article><p><em>This post may contain affiliate links. Please see my disclosure policy.</em></p>
            <p>\(Self.prose)</p>
            <p><strong>Related: </strong><a href="/r"><strong>The Library Budget of the Northern Towns: A Decade in Pictures</strong></a></p>
            <p>\(Self.prose)</p><p>\(Self.prose)</p>
            <p><strong>More:</strong></p><ul><li><a href="/m1">Council votes on parking</a></li><li><a href="/m2">Budget week</a></li></ul>
            <p><i>Listen to Council Radio </i><a href="/live">live</a><i> at 12:45 weekdays - or listen back </i><a href="/b">here</a>.</p>
            </article>
            """)
        #expect(text.contains("voted to keep the library open"))
        for furniture in ["affiliate", "Related", "A Decade in Pictures", "More", "Council votes on parking", "Listen to"] {
            #expect(!text.contains(furniture), "\(furniture) is kept")
        }
    }

    /// Their look-alikes in prose stay: a sentence that starts "Related" or "More", a
    /// paragraph about affiliate marketing that discloses nothing, listening to something live.
    @Test func linkedTitleAndDisclosureLookAlikesStay() throws {
        let text = try Self.text(
            """
            <article><p>\(Self.prose)</p>
            <p>More than 200 readers signed the petition, and the council read <a href="/p">every one of their letters</a> aloud.</p>
            <p>Related: the budget. The council said the two questions would be settled <a href="/s">together next spring, at the latest</a>.</p>
            <p>The shop owners said affiliate programmes paid them little, and the council agreed to look at the numbers again.</p>
            <p>The mayor said she would listen to every resident who came to the meeting, live or online, before the vote.</p>
            <p>\(Self.prose)</p></article>
            """)
        for content in ["More than 200", "Related: the budget", "affiliate programmes", "listen to every resident"] {
            #expect(text.contains(content), "\(content) is dropped")
        }
    }

    @Test func aQuotedPostStaysWhateverItsWrapperIsNamed() throws {
        let text = try Self.text(
            """
            <article><p>\(Self.prose)</p><div class="social-media-embed"><blockquote class="twitter-tweet">
            <p>The library stays open on weekends! Thank you, council.</p>— Friends of the Library (@library) November 18, 2019
            </blockquote></div><p>\(Self.prose)</p></article>
            """)
        #expect(text.contains("The library stays open on weekends!"))
    }
}
