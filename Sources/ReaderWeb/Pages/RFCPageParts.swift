import ReaderKit
import ReaderPluginAPI

/// The parts a document page has around its text: the banner ("Obsoleted by RFC 9293"), the
/// table of contents, and the RFCs it cites.
enum RFCPageParts {
    /// The number of an RFC document (`rfc/793`); nil for any other.
    static func number(of document: Document) -> Int? {
        guard document.source == "rfc", document.key.hasPrefix("rfc/"), let number = Int(document.key.dropFirst(4)) else { return nil }
        return number
    }

    /// What the index says about the document, each RFC it names a link to its page.
    static func banner(_ notices: [String], _ links: RFCLinks, into html: inout HTML) {
        guard !notices.isEmpty else { return }
        html.raw("<aside class=\"banner\" role=\"note\">")
        for notice in notices {
            html.raw("<p>")
            links.write(notice, into: &html)
            html.raw("</p>")
        }
        html.raw("</aside>\n")
    }

    /// Every heading, indented by level, each a link to its anchor.
    static func contents(_ headings: [DocumentBody.Heading], into html: inout HTML) {
        guard !headings.isEmpty else { return }
        let top = headings.map(\.level).min() ?? 1
        html.raw("<nav class=\"contents\" aria-label=\"Contents\"><details open><summary>Contents</summary><ul>")
        for heading in headings {
            html.open("li", [("class", "depth-\(min(4, heading.level - top))")])
            html.open("a", [("href", "#" + heading.anchor)])
            if let number = heading.number {
                html.element("span", [("class", "number")], text: number)
                html.raw(" ")
            }
            html.text(heading.title)
            html.raw("</a></li>")
        }
        html.raw("</ul></details></nav>\n")
    }

    /// The RFCs the document cites, with their titles from the stored index.
    static func cited(_ opened: OpenedDocument, _ links: RFCLinks, into html: inout HTML) {
        let numbers = RFCNumbers.in(opened.document.extra["references"])
        guard !numbers.isEmpty else { return }
        html.raw("<section class=\"cited\"><h2 id=\"rfcs-cited\">RFCs cited</h2><ul>")
        for number in numbers {
            html.raw("<li>")
            links.reference(number, label: "RFC \(number)", into: &html)
            if let title = opened.citedTitles[number] {
                html.raw(" ")
                html.text(title)
            }
            html.raw("</li>")
        }
        html.raw("</ul></section>\n")
    }
}
