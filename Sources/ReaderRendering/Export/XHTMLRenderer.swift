import ReaderPluginAPI

/// A document as the body of an XHTML page (EPUB 3's content documents, `export --format
/// html`): a heading per section, with an `id` the navigation document points at; code,
/// figures and ASCII art in `<pre>`, monospace as in the terminal. Well-formed XML whatever
/// the text holds: every character XML 1.0 forbids is dropped, the rest escaped.
public struct XHTMLRenderer: Sendable {
    /// A heading of the document: what the navigation document lists.
    public struct Section: Sendable, Equatable {
        public var id: String
        public var level: Int
        public var title: String
    }

    let document: Document
    /// The prefix of every `id` in this page, so that several documents can share one page.
    let prefix: String
    /// The stored pictures the page carries: a picture's blob name to the path its `<img>`
    /// points at. A picture not in it is said in words.
    let pictures: [String: String]

    public init(_ document: Document, idPrefix prefix: String = "", pictures: [String: String] = [:]) {
        self.document = document
        self.prefix = prefix
        self.pictures = pictures
    }

    /// The headings, in order, each with the `id` ``body(notices:)`` gives it.
    public var sections: [Section] {
        var sections: [Section] = []
        for block in document.blocks {
            guard case .heading(let level, let number, let title) = block else { continue }
            sections.append(Section(id: sectionID(number: number, index: sections.count), level: level, title: heading(number, title)))
        }
        return sections
    }

    /// The document's title, facts, notices and blocks, as XHTML elements.
    public func body(notices: [String] = []) -> String {
        var out: [String] = []
        out.append("<h1>\(Self.escape(document.title.isEmpty ? document.key : document.title))</h1>")
        let facts =
            ([document.metadata.byline ?? document.metadata.authors.joined(separator: ", "), document.metadata.date].compactMap { $0 })
            .filter { !$0.isEmpty }
        if !facts.isEmpty { out.append("<p class=\"facts\">\(Self.escape(facts.joined(separator: " · ")))</p>") }
        for notice in notices { out.append("<p class=\"notice\"><strong>\(Self.escape(notice))</strong></p>") }
        for note in document.notes { out.append("<p class=\"note\">\(Self.escape(note))</p>") }
        if document.blocks.isEmpty && !document.entries.isEmpty {
            out.append("<ul>" + document.entries.map { "<li>\(Self.escape(EntryLine.text($0)))</li>" }.joined() + "</ul>")
        }
        var headings = 0
        for block in document.blocks {
            if case .heading(let level, let number, let title) = block {
                let id = sectionID(number: number, index: headings)
                headings += 1
                let tag = "h\(min(6, max(2, level + 1)))"
                out.append("<\(tag) id=\"\(id)\">\(Self.escape(heading(number, title)))</\(tag)>")
                continue
            }
            out.append(self.block(block))
        }
        return out.joined(separator: "\n")
    }

    private func heading(_ number: String?, _ title: String) -> String {
        number.map { "\($0) \(title)" } ?? title
    }

    /// `section-3.2` for a numbered section (as the site anchors it), else by position.
    private func sectionID(number: String?, index: Int) -> String {
        let word = number.map {
            $0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".") }
        }
        if let word, !word.isEmpty { return prefix + "section-" + String(String.UnicodeScalarView(word)) + "-\(index)" }
        return prefix + "part-\(index)"
    }

    private func block(_ block: Block) -> String {
        switch block {
        case .heading(_, let number, let title):
            return "<h2>\(Self.escape(heading(number, title)))</h2>"
        case .paragraph(let inlines):
            return "<p>" + inlines.map(inline).joined() + "</p>"
        case .preformatted(let text, _):
            // Code, figures, ASCII art: monospace and unwrapped (the style sheet says so too).
            return "<pre>" + Self.escape(text) + "</pre>"
        case .list(let ordered, let items):
            let tag = ordered ? "ol" : "ul"
            return "<\(tag)>" + items.map { "<li>" + $0.map(self.block).joined(separator: "\n") + "</li>" }.joined() + "</\(tag)>"
        case .quote(let blocks):
            return "<blockquote>" + blocks.map(self.block).joined(separator: "\n") + "</blockquote>"
        case .table(let rows, let header):
            var out = "<table>"
            for (index, row) in rows.enumerated() {
                let cell = header && index == 0 ? "th" : "td"
                out += "<tr>" + row.map { "<\(cell)>\(Self.escape($0))</\(cell)>" }.joined() + "</tr>"
            }
            return out + "</table>"
        case .image(let alt, _, let caption, let blob):
            let described = Block.pictureDescription(alt: alt, caption: caption)
            guard let blob, let path = pictures[blob] else {
                // Not stored: the page says what was there.
                return "<p class=\"figure\">[picture\(described.map { ": " + Self.escape($0) } ?? "")]</p>"
            }
            var figure = "<figure><img src=\"\(Self.escape(path))\" alt=\"\(Self.escape(alt ?? ""))\"/>"
            if let caption, !caption.isEmpty { figure += "<figcaption>\(Self.escape(caption))</figcaption>" }
            return figure + "</figure>"
        case .rule:
            return "<hr/>"
        case .post(let post):
            return self.post(post)
        }
    }

    private func post(_ post: Post) -> String {
        if let original = post.retweetOf {
            return "<div class=\"post\"><p class=\"facts\">RT @\(Self.escape(post.author))</p>\(self.post(original))</div>"
        }
        var out = "<div class=\"post\"><p class=\"facts\">@\(Self.escape(post.author))"
        if let date = post.createdAt { out += " · \(Self.escape(date))" }
        out += "</p>"
        for line in post.text.split(separator: "\n", omittingEmptySubsequences: true) { out += "<p>\(Self.escape(String(line)))</p>" }
        if let quoted = post.quoted { out += "<blockquote>\(self.post(quoted))</blockquote>" }
        return out + "</div>"
    }

    private func inline(_ inline: Inline) -> String {
        var text = Self.escape(inline.text)
        switch inline.style {
        case .plain: break
        case .strong: text = "<strong>\(text)</strong>"
        case .emphasis: text = "<em>\(text)</em>"
        case .code: text = "<code>\(text)</code>"
        }
        if let index = inline.link, document.links.indices.contains(index), let href = Self.webLink(document.links[index].url) {
            text = "<a href=\"\(Self.escape(href))\">\(text)</a>"
        }
        return text
    }

    /// Only http(s) links leave the book: a `javascript:` or `file:` one is shown as text.
    static func webLink(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        return url
    }

    /// Text made safe for XML 1.0 content and attribute values: markup escaped, and every
    /// character the format forbids (C0 controls but tab and newline, lone surrogates cannot
    /// occur in a String, U+FFFE, U+FFFF) dropped.
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n": out.append(scalar)
            case "\r": continue
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    continue
                }
                out.append(scalar)
            }
        }
        return String(out)
    }
}
