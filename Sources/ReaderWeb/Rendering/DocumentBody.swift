import ReaderPluginAPI

/// A document's blocks as HTML, from the module's model and never from the page's own markup:
/// every text escaped, every link through ``SafeLink``, every document it names by a module's
/// label through ``KeyLinks``. Pictures are not loaded (the site takes nothing from the network):
/// a picture is a link to where it is, with its description.
struct DocumentBody {
    let document: Document
    let links: KeyLinks
    /// Its sections and citations as links, and the documents it names.
    let inText: InTextLinks
    private let references: ReferenceList
    /// Heading anchors already given, so that two headings never share one.
    private var anchors = Anchors()
    /// The headings written, in order, with their anchors: the table of contents.
    private(set) var headings: [Heading] = []
    /// What to write under the heading of a numbered section (by its number): the documents
    /// that cite or link to that very section (``PageParts/pointingHere(_:_:_:)``).
    var underHeadings: [String: HTML] = [:]
    /// What to write after a block (by its index): a person's notes on it (``NoteAside``).
    var afterBlocks: [Int: HTML] = [:]

    struct Heading {
        var level: Int
        var number: String?
        var title: String
        var anchor: String
    }

    /// The anchor of each heading written, by its number and by its title (the first of each).
    var sectionAnchors: [String: String] {
        var anchors: [String: String] = [:]
        for heading in headings.reversed() {
            if let number = heading.number { anchors[number] = heading.anchor }
            anchors[heading.title] = heading.anchor
        }
        return anchors
    }

    init(document: Document, links: KeyLinks) {
        self.document = document
        self.links = links
        references = ReferenceList(document.blocks, mentions: links.names.mentions)
        var sections = Set<String>()
        for case .heading(_, let number?, _) in document.blocks { sections.insert("section-" + Anchors.trimmed(number)) }
        inText = InTextLinks(links: links, references: references, sections: sections)
    }

    /// Each block in turn. Figures the RFC module kept apart stay apart (a signature is not
    /// the next page's header): the module itself makes one figure of a title page or of a
    /// diagram cut by a page break.
    mutating func write(into html: inout HTML) {
        for (index, block) in document.blocks.enumerated() {
            write(block, anchor: references.anchorOfBlock[index], into: &html)
            if let after = afterBlocks[index] { html.append(after) }
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
            links.write(title, into: &html)
            html.close(Self.headingTag(level))
            if let number, let under = underHeadings[number] { html.append(under) }
        case .paragraph(let inlines):
            html.open("p", [("id", anchor)])
            // An entry of the reference list does not cite itself.
            write(inlines, citations: anchor == nil, into: &html)
            html.raw("</p>\n")
        case .preformatted(let text, _):
            html.raw("<pre>")
            inText.write(text, citations: false, into: &html)
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
        case .image(let alt, let url, let caption, let blob):
            writeImage(alt: alt, url: url, caption: caption, blob: blob, into: &html)
        case .rule:
            html.raw("<hr>\n")
        case .post(let post):
            PostHTML(base: document.metadata.url, links: links).write(post, into: &html)
        }
    }

    /// A paragraph's runs. A link of the document is a link, unless its text is wholly a label
    /// a module reads (the RFC module cuts `RFC8336` out as a run linked to the RFC Editor): that
    /// one is a reference like any other, to the page here or its fetch button. The runs of one
    /// style are read as one text again, so that a citation or "Section 4 of [RFC9111]" is seen
    /// whole.
    private func write(_ inlines: [Inline], citations: Bool = true, into html: inout HTML) {
        var index = inlines.startIndex
        while index < inlines.endIndex {
            let style = inlines[index].style
            let tag: StaticString? =
                switch style {
                case .plain: nil
                case .strong: "strong"
                case .emphasis: "em"
                case .code: "code"
                }
            if let href = ownLink(inlines[index]) {
                if let tag { html.open(tag) }
                html.element("a", [("href", href)], text: inlines[index].text)
                if let tag { html.close(tag) }
                index += 1
                continue
            }
            var text = ""
            while index < inlines.endIndex, inlines[index].style == style, ownLink(inlines[index]) == nil {
                text += inlines[index].text
                index += 1
            }
            if let tag { html.open(tag) }
            inText.write(text, citations: citations, into: &html)
            if let tag { html.close(tag) }
        }
    }

    /// The `href` of a run's own link, when it is one and not a label a module reads.
    private func ownLink(_ inline: Inline) -> String? {
        guard let index = inline.link, index < document.links.count else { return nil }
        let mentions = links.names.mentions.find(in: inline.text)
        if mentions.count == 1, mentions[0].range == 0..<inline.text.unicodeScalars.count { return nil }
        return SafeLink.href(document.links[index].url, base: document.metadata.url, links: links)
    }

    private func writeTable(_ rows: [[String]], header: Bool, into html: inout HTML) {
        html.raw("<div class=\"table\"><table>")
        for (index, row) in rows.enumerated() {
            let isHeader = header && index == 0
            html.raw("<tr>")
            for cell in row {
                html.raw(isHeader ? "<th>" : "<td>")
                inText.write(cell, into: &html)
                html.raw(isHeader ? "</th>" : "</td>")
            }
            html.raw("</tr>")
        }
        html.raw("</table></div>\n")
    }

    /// A stored picture from the store, same-origin (`/picture/HASH`), drawn when scrolled to,
    /// with its alt text and caption; one not stored stays a link to where it was, marked so.
    private func writeImage(alt: String?, url: String?, caption: String?, blob: String?, into html: inout HTML) {
        let caption = caption.flatMap { $0.isEmpty ? nil : $0 }
        if let blob, let path = Self.picturePath(blob) {
            html.open("figure", [("class", "picture")])
            html.open("img", [("src", path), ("alt", alt ?? caption ?? ""), ("loading", "lazy"), ("decoding", "async")])
            if let caption { html.element("figcaption", text: caption) }
            html.raw("</figure>\n")
            return
        }
        let described = Block.pictureDescription(alt: alt, caption: caption)
        let label = "Picture (not stored)" + (described.map { ": " + $0 } ?? "")
        html.raw("<p class=\"picture missing\">")
        if let url, let href = SafeLink.href(url, base: document.metadata.url, links: links) {
            html.element("a", [("href", href), ("rel", "noreferrer")], text: label)
        } else {
            html.text(label)
        }
        html.raw("</p>\n")
    }

    /// Where the site serves a stored picture: its blob's name, 64 lowercase hex digits, or none.
    static func picturePath(_ blob: String) -> String? {
        guard blob.utf8.count == 64, blob.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return "/picture/" + blob
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
