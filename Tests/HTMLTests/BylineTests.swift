import ReaderPluginAPI
import Testing

@testable import HTML

/// The byline read from the page itself (no author in its metadata), set on several lines.
/// Synthetic pages, made after the byline issue 27 saw on a SpaceNews page ("by Jeff
/// FoustMonday, November 18, 2019"): the lines stay apart, a line that is only "By" leads
/// the name.
@Suite struct BylineTests {
    static let filler = "The launch was delayed again on Tuesday, and the company said the rocket would fly next week. "

    static func byline(_ markup: String) throws -> String? {
        let page = """
            <html><head><title>A launch delayed</title></head><body><article>
            \(markup)
            <p>\(String(repeating: filler, count: 4))</p><p>\(String(repeating: filler, count: 4))</p>
            </article></body></html>
            """
        let document = try HTMLModule().parse(
            ParseInput(bytes: Array(page.utf8), requestType: "html", key: "k", url: "https://news.example.com/a"))
        return document.metadata.byline
    }

    @Test func aLineBreakSeparatesTheNameFromTheDate() throws {
        let byline = try Self.byline(#"<div class="byline">by <a href="/author/jf">Jeff Foust</a><br>Monday, November 18, 2019</div>"#)
        #expect(byline == "by Jeff Foust · Monday, November 18, 2019")
    }

    @Test func blocksSeparateTheirLines() throws {
        let byline = try Self.byline(
            #"<div class="byline"><div>By</div><div class="name">Ann Writer</div><p>May 1, 2024<br></p></div>"#)
        #expect(byline == "By Ann Writer · May 1, 2024")
    }

    @Test func aBylineOnOneLineIsAsWritten() throws {
        let byline = try Self.byline(#"<p class="byline">By <span>Ann</span> <span>Writer</span>, <em>Reuters</em></p>"#)
        #expect(byline == "By Ann Writer, Reuters")
    }
}
