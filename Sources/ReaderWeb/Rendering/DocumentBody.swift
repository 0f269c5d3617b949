import ReaderPluginAPI

/// A document's blocks as HTML, from the module's model and never from the page's own markup:
/// every text escaped, every link through ``SafeLink``, every RFC it names through ``RFCLinks``.
/// Pictures are not loaded (the site takes nothing from the network): a picture is a link to
/// where it is, with its description.
struct DocumentBody {
    let document: Document
    let rfcs: RFCLinks
    /// An RFC's sections and citations as links; for any other document, its RFC mentions.
    let links: InTextLinks
    private let references: ReferenceList
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
        guard document.source == "rfc" else {
            references = .empty
            links = InTextLinks(rfcs: rfcs)
            return
        }
        references = ReferenceList(document.blocks)
        var sections = Set<String>()
        for case .heading(_, let number?, _) in document.blocks { sections.insert("section-" + Anchors.trimmed(number)) }
        links = InTextLinks(rfcs: rfcs, references: references, sections: sections)
    }

    /// Each block in turn. Figures the RFC module kept apart stay apart (a signature is not
    /// the next page's header): the module itself makes one figure of a title page or of a
    /// diagram cut by a page break.
    mutating func write(into html: inout HTML) {
        for (index, block) in document.blocks.enumerated() {
            write(block, anchor: references.anchorOfBlock[index], into: &html)
        }
    }

    /// The anchor of a heading: `section-3.2` for a numbered one (as the RFC Editor's pages
    /// write it), else `section-` and the title's words.
    static func anchor(number: String?, title: String) -> String {
        "section-" + (number.map(Anchors.trimmed) ?? Anchors.slug(title))
    }

    /// `anchor`: the id of an entry of the reference list, which citations link to.
    private mutating func write(_ block: Block, anchor: String? = nil, into html: inout HTML) {
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
            html.open("p", [("id", anchor)])
            // An entry of the reference list does not cite itself.
            write(inlines, citations: anchor == nil, into: &html)
            html.raw("</p>\n")
        case .preformatted(let text, _):
            html.raw("<pre>")
            links.write(text, citations: false, into: &html)
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

    private func write(_ inlines: [Inline], citations: Bool = true, into html: inout HTML) {
        if document.source == "rfc" { return writeRFCText(inlines, citations: citations, into: &html) }
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
                links.write(inline.text, into: &html)
            }
            if let tag { html.close(tag) }
        }
    }

    /// An RFC's paragraph: its links are the RFCs it names, which the module cut out as runs of
    /// their own (`[` `RFC8336` `]`); the runs of one style are read as one text again, so that
    /// a citation or "Section 4 of [RFC9111]" is seen whole.
    private func writeRFCText(_ inlines: [Inline], citations: Bool, into html: inout HTML) {
        var index = inlines.startIndex
        while index < inlines.endIndex {
            let style = inlines[index].style
            var text = ""
            while index < inlines.endIndex, inlines[index].style == style {
                text += inlines[index].text
                index += 1
            }
            let tag: StaticString? =
                switch style {
                case .plain: nil
                case .strong: "strong"
                case .emphasis: "em"
                case .code: "code"
                }
            if let tag { html.open(tag) }
            links.write(text, citations: citations, into: &html)
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
                links.write(cell, into: &html)
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
