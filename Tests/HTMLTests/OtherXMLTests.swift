import ReaderPluginAPI
import Testing

@testable import HTML

/// XML of another kind is not a page, though its escaped or CDATA content has `<p>` and
/// `<div>` in it: a feed must reach the module that reads feeds.
@Suite struct OtherXMLTests {
    func score(_ text: String, fileName: String? = nil, mediaType: String? = nil) -> Int {
        HTMLModule().recognize(Sample(prefix: Array(text.utf8)[...], fileName: fileName, mediaType: mediaType))
    }

    @Test func feedsAreNotPages() {
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- generated -->
            <rss version="2.0"><channel><title>Notes</title><item><description><![CDATA[<p>Hello</p><div>x</div>]]></description></item></channel></rss>
            """
        #expect(score(rss, fileName: "feed.xml", mediaType: "application/rss+xml") == 0)
        #expect(
            score("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><content type=\"xhtml\"><div>x</div></content></entry></feed>") == 0)
        #expect(score("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"><p>x</p></svg>") == 0)
    }

    @Test func xhtmlAndFragmentsAreStillPages() {
        #expect(
            score("<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>x</p></body></html>")
                == 90)
        #expect(score("<!-- a comment --><html><body><p>x</p></body></html>") == 90)
        #expect(score("<div class=\"post\"><p>Hello</p></div>") == 90)
    }
}
