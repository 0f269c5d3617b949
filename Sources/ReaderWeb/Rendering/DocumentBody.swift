import ReaderPluginAPI

/// A document's blocks as HTML, from the module's model and never from the page's own markup:
/// every text escaped, every link through ``SafeLink``, every RFC it names through ``RFCLinks``.
/// Pictures are not loaded (the site takes nothing from the network): a picture is a link to
/// where it is, with its description.
struct DocumentBody {
    let document: Document
    let rfcs: RFCLinks
    /// Heading anchors already given, so that two headings never share one.
    private var anchors = Anchors()
    /// The headings written, in order, with their anchors: the table of contents.
    private(set) var headings: [Heading] = []

    struct Heading {
        var level: Int
        var number: String?
        var title: String
        var anchor: String
    }

    init(document: Document, rfcs: RFCLinks) {
        self.document = document
        self.rfcs = rfcs
    }

    mutating func write(into html: inout HTML) {
        var index = document.blocks.startIndex
        while index < document.blocks.endIndex {
            // Figures one after another (an RFC's title page, a diagram cut by a page break)
            // are one figure to the eye: one box, a blank line between them.
            if case .preformatted = document.blocks[index] {
                var texts: [String] = []
                while index < document.blocks.endIndex, case .preformatted(let text, _) = document.blocks[index] {
                    texts.append(text)
                    index += 1
                }
                html.raw("<pre>")
                rfcs.write(texts.joined(separator: "\n\n"), into: &html)
                html.raw("</pre>\n")
                continue
            }
            write(document.blocks[index], into: &html)
            index += 1
        }
    }

    /// The anchor of a heading: `section-3.2` for a numbered one (as the RFC Editor's pages
    /// write it), else `section-` and the title's words.
    static func anchor(number: String?, title: String) -> String {
        "section-" + (number.map(Anchors.trimmed) ?? Anchors.slug(title))
    }

    private mutating func write(_ block: Block, into html: inout HTML) {
        switch block {
        case .heading(let level, let number, let title):
            let id = anchors.unique(Self.anchor(number: number, title: title))
            headings.append(Heading(level: level, number: number, title: title, anchor: id))
            html.open(Self.headingTag(level), [("id", id)])
            if let number {
                html.element("a", [("class", "number"), ("href", "#" + id)], text: number)
                html.raw(" ")
            }
            rfcs.write(title, into: &html)
            html.close(Self.headingTag(level))
        case .paragraph(let inlines):
            html.raw("<p>")
            write(inlines, into: &html)
            html.raw("</p>\n")
        case .preformatted(let text, _):
            html.raw("<pre>")
            rfcs.write(text, into: &html)
            html.raw("</pre>\n")
        case .list(let ordered, let items):
            html.raw(ordered ? "<ol>" : "<ul>")
            for item in items {
                html.raw("<li>")
                for inner in item { write(inner, into: &html) }
                html.raw("</li>")
            }
            html.raw(ordered ? "</ol>\n" : "</ul>\n")
        case .quote(let blocks):
            html.raw("<blockquote>")
            for inner in blocks { write(inner, into: &html) }
            html.raw("</blockquote>\n")
        case .table(let rows, let header):
            writeTable(rows, header: header, into: &html)
        case .image(let alt, let url):
            writeImage(alt: alt, url: url, into: &html)
        case .rule:
            html.raw("<hr>\n")
        case .post(let post):
            PostHTML(base: document.metadata.url, rfcs: rfcs).write(post, into: &html)
        }
    }

    private func write(_ inlines: [Inline], into html: inout HTML) {
        for inline in inlines {
            let tag: StaticString? =
                switch inline.style {
                case .plain: nil
                case .strong: "strong"
                case .emphasis: "em"
                case .code: "code"
                }
            if let tag { html.open(tag) }
            if let index = inline.link, index < document.links.count,
                let href = SafeLink.href(document.links[index].url, base: document.metadata.url, stored: rfcs.stored)
            {
                html.element("a", [("href", href)], text: inline.text)
            } else {
                rfcs.write(inline.text, into: &html)
            }
            if let tag { html.close(tag) }
        }
    }

    private func writeTable(_ rows: [[String]], header: Bool, into html: inout HTML) {
        html.raw("<div class=\"table\"><table>")
        for (index, row) in rows.enumerated() {
            let isHeader = header && index == 0
            html.raw("<tr>")
            for cell in row {
                html.raw(isHeader ? "<th>" : "<td>")
                rfcs.write(cell, into: &html)
                html.raw(isHeader ? "</th>" : "</td>")
            }
            html.raw("</tr>")
        }
        html.raw("</table></div>\n")
    }

    private func writeImage(alt: String?, url: String?, into html: inout HTML) {
        let label = "Picture" + (alt.map { $0.isEmpty ? "" : ": " + $0 } ?? "")
        html.raw("<p class=\"picture\">")
        if let url, let href = SafeLink.href(url, base: document.metadata.url, stored: rfcs.stored) {
            html.element("a", [("href", href)], text: label)
        } else {
            html.text(label)
        }
        html.raw("</p>\n")
    }

    /// h2 for a top-level section: the page's title is the one h1.
    static func headingTag(_ level: Int) -> StaticString {
        switch level {
        case ...1: "h2"
        case 2: "h3"
        case 3: "h4"
        case 4: "h5"
        default: "h6"
        }
    }
}
