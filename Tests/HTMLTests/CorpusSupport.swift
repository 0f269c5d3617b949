import ReaderPluginAPI
import ReaderTestSupport

@testable import HTML

/// The Readability test pages and how to score an extraction against them.
enum ReadabilityPage {
    static let names = [
        "002", "003-metadata-preferred", "bbc-1", "gmw", "google-sre-book-1", "keep-tabular-data", "lemonde-1",
        "medium-1", "mercurial", "mozilla-2", "nytimes-1", "wikipedia-3",
    ]

    static func parse(_ name: String) throws -> Document {
        let bytes = try Corpus.bytes("html/\(name)/source.html")
        return try HTMLModule().parse(
            ParseInput(bytes: bytes, requestType: "html", key: "html/\(name)", url: "http://fakehost/test/page.html"))
    }

    static func expectedMetadata(_ name: String) throws -> [String: JSONValue] {
        JSONValue(jsonText: try Corpus.text("html/\(name)/expected-metadata.json"))?.objectValue ?? [:]
    }

    /// Every word of Readability's expected output: the text of all of `expected.html`, with
    /// a space wherever a block starts or ends (and no image `alt` text).
    static func expectedText(_ name: String) throws -> String {
        let bytes = try Corpus.bytes("html/\(name)/expected.html")
        let (dom, _) = try parseHTML(bytes, encoding: "UTF-8")
        guard dom.root != -1 else { return "" }
        var text = ""
        var node: Int32 = dom.root
        while node != -1 {
            let tag = dom.tag(node)
            if tag == .text { text += dom.text(node) } else if tag.isBlock || tag == .br { text += " " }
            node = dom.following(node, within: dom.root, skippingChildren: tag.isOpaque)
        }
        return text
    }

    static func score(_ name: String) throws -> (document: Document, overlap: WordOverlap) {
        let document = try parse(name)
        return (document, WordOverlap(extracted: document.plainText, expected: try expectedText(name)))
    }
}
