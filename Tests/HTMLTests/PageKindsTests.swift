import ReaderPluginAPI
import Testing

@testable import HTML

/// Pages that are not articles still give their readable text, without the furniture.
@Suite struct PageKindsTests {
    func parse(_ html: String) throws -> Document {
        try HTMLModule().parse(ParseInput(bytes: Array(html.utf8), requestType: "html", key: "kinds"))
    }

    @Test func productPageKeepsItsTextAndDropsNavigation() throws {
        let document = try parse(
            """
            <html><head><title>Shop | Widgets</title></head><body><nav><a href=/>Home</a> <a href=/c>Cart</a></nav>
            <div class="product"><h1>Blue Widget</h1><div class="price">$9.99</div><div class="desc">A sturdy widget.</div>
            <button>Add to cart</button></div><footer>© Shop</footer></body></html>
            """)
        #expect(document.plainText == "Blue Widget\n\n$9.99\n\nA sturdy widget.")
    }

    @Test func indexPageKeepsItsList() throws {
        let document = try parse(
            """
            <html><head><title>Forum index</title></head><body><ul class="topics">
            <li><a href="/t/1">How do I fix my bike chain</a> 12 replies</li>
            <li><a href="/t/2">Best tyres for winter riding</a> 3 replies</li></ul></body></html>
            """)
        #expect(document.title == "Forum index")
        #expect(document.plainText == "- How do I fix my bike chain 12 replies\n- Best tyres for winter riding 3 replies")
        #expect(document.links.map(\.url) == ["/t/1", "/t/2"])
    }

    @Test func textWithoutAnyElements() throws {
        let document = try parse("Just text with no tags at all, some words. And more words here.")
        #expect(document.title == "")
        #expect(document.blocks == [.text("Just text with no tags at all, some words. And more words here.")])
    }

    /// One `<br>` breaks the line; two in a row end the paragraph, as old pages use them.
    @Test func lineBreaks() throws {
        let document = try parse("<html><body><div id=content>Line one<br>Line two<br><br>Next stanza, and on.</div></body></html>")
        #expect(document.blocks == [.text("Line one\nLine two"), .text("Next stanza, and on.")])
    }

    @Test func hiddenElementsAreDropped() throws {
        let filler = String(repeating: "Words of the article, in sentences, one after another. ", count: 12)
        let document = try parse(
            """
            <html><body><article><p>\(filler)</p>
            <p style="display: NONE">hidden by style</p><p hidden>hidden by attribute</p>
            <div aria-hidden="true">hidden from readers</div><p>\(filler)</p></article></body></html>
            """)
        #expect(!document.plainText.contains("hidden"))
        #expect(document.blocks.count == 2)
    }

    @Test func imagesOnTheirOwnKeepTheirAltTextButPicturesInTextAreDecoration() throws {
        let filler = String(repeating: "Words of the article, in sentences, one after another. ", count: 12)
        let document = try parse(
            """
            <html><body><article><p>\(filler)</p>
            <p><img src="chart.png" alt="Chart of river levels"></p>
            <p>Text with an <img src="icon.png" alt="icon"> inline icon. \(filler)</p>
            <img src="data:image/gif;base64,R0lGOD" alt="pixel"></article></body></html>
            """)
        #expect(
            document.blocks.filter { if case .image = $0 { return true } else { return false } }
                == [.image(alt: "Chart of river levels", url: "chart.png")])
        #expect(!document.plainText.contains("icon icon"))
    }
}
