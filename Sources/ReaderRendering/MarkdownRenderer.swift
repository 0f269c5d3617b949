import ReaderPluginAPI

/// Markdown: headings, paragraphs with inline styles and links, fenced preformatted blocks.
struct MarkdownRenderer {
    let document: Document
    /// A person's notes, placed: each a quotation under its block, those placed nowhere at the end.
    var notes: [PlacedNote] = []
    /// Stored pictures written beside the Markdown: blob name to path (``RenderOptions/picturePaths``).
    var picturePaths: [String: String] = [:]

    func render(_ opened: OpenedDocument) -> String {
        var out: [String] = []
        if !document.title.isEmpty { out.append("# " + escape(document.title)) }
        for notice in opened.notices { out.append("> **\(escape(notice))**") }
        let facts = [document.metadata.byline, document.metadata.date].compactMap { $0 }.filter { !$0.isEmpty }
        if !facts.isEmpty { out.append("*" + escape(facts.joined(separator: " · ")) + "*") }
        for note in document.notes { out.append("> Note: \(escape(note))") }
        if document.blocks.isEmpty {
            out.append(document.entries.map { "- " + escape(EntryLine.text($0)) }.joined(separator: "\n"))
        }
        for (index, block) in document.blocks.enumerated() {
            out.append(self.block(block))
            out += notes.filter { $0.block == index }.map(note)
        }
        let atEnd = notes.filter { $0.block == nil }
        if !atEnd.isEmpty { out += ["## Notes"] + atEnd.map(note) }
        return out.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    private func block(_ block: Block) -> String {
        switch block {
        case .heading(let level, let number, let title):
            let hashes = String(repeating: "#", count: min(6, max(2, level + 1)))
            return hashes + " " + (number.map { "\($0) " } ?? "") + escape(title)
        case .paragraph(let inlines):
            return inlines.map(inline).joined()
        case .preformatted(let text, let language):
            let fence = text.contains("```") ? "~~~~" : "```"
            return fence + (language ?? "") + "\n" + text + "\n" + fence
        case .list(let ordered, let items):
            return items.enumerated().map { index, item in
                let marker = ordered ? "\(index + 1). " : "- "
                let body = item.map(self.block).joined(separator: "\n\n")
                return marker + body.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: marker.count))
            }.joined(separator: "\n")
        case .quote(let blocks):
            return blocks.map(self.block).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map { "> " + $0 }.joined(separator: "\n")
        case .table(let rows, let header):
            guard let first = rows.first else { return "" }
            let columns = rows.map(\.count).max() ?? first.count
            func row(_ cells: [String]) -> String {
                "| "
                    + (0..<columns).map { $0 < cells.count ? escape(cells[$0]).replacingOccurrences(of: "|", with: "\\|") : "" }
                    .joined(separator: " | ") + " |"
            }
            let head = header ? first : [String](repeating: "", count: columns)
            let body = header ? Array(rows.dropFirst()) : rows
            return ([row(head), "|" + String(repeating: " --- |", count: columns)] + body.map(row)).joined(separator: "\n")
        case .image(let alt, let url, let caption, let blob):
            let described = Block.pictureDescription(alt: alt, caption: caption)
            let target = blob.flatMap { picturePaths[$0] }.map(Self.pathInLink) ?? url.flatMap(Self.pictureAddress)
            let picture =
                target.map { "![\(escape(alt ?? caption ?? ""))](\($0))" }
                ?? "[picture\(described.map { ": " + escape($0) } ?? "")]"
            // A caption is the line under the picture, as a figure shows it.
            guard let caption, !caption.isEmpty else { return picture }
            return picture + "\n\n*" + escape(caption) + "*"
        case .rule:
            return "---"
        case .post(let post):
            return self.post(post)
        }
    }

    private func post(_ post: Post) -> String {
        if let original = post.retweetOf {
            return "RT **@\(escape(post.author))**\n\n"
                + self.post(original).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "> " + $0 }.joined(separator: "\n")
        }
        var out = "**@\(escape(post.author))**" + (post.createdAt.map { " · \($0)" } ?? "") + "\n\n" + escape(post.text)
        if let quoted = post.quoted {
            out +=
                "\n\n"
                + self.post(quoted).split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
                .joined(separator: "\n")
        }
        for media in post.media { out += "\n\n![media](\(media))" }
        return out
    }

    private func inline(_ inline: Inline) -> String {
        var text = escape(inline.text)
        switch inline.style {
        case .plain: break
        case .strong: text = "**\(text)**"
        case .emphasis: text = "*\(text)*"
        case .code: text = "`\(inline.text)`"
        }
        if let link = inline.link, link < document.links.count { text = "[\(text)](\(document.links[link].url))" }
        return text
    }

    /// Escapes the characters that would start Markdown markup inside text. They are all
    /// ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so bytes are enough: one pass,
    /// linear in the text (going by `Character` took 30 s for a line of 100 MB).
    /// An address a picture may point at: http(s), with nothing that would end the link.
    static func pictureAddress(_ url: String) -> String? {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains(where: { "()<> \n\r\t".contains($0) }) else {
            return nil
        }
        return url
    }

    /// A relative path as a link's target: what would end or break the link escaped.
    static func pathInLink(_ path: String) -> String {
        var out = ""
        for character in path {
            switch character {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            default: out.append(character)
            }
        }
        return out
    }

    private func escape(_ text: String) -> String {
        guard text.utf8.contains(where: Self.isMarkup) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if Self.isMarkup(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"):
            true
        default: false
        }
    }

    /// `> ✎1 *“quote”* — text`, with where the quote went when the document no longer holds it.
    func note(_ placed: PlacedNote) -> String {
        var line = "> **\(TextRenderer.noteMark(placed.number))**"
        if let quote = placed.note.quote { line += " *\u{201C}" + escape(quote) + "\u{201D}*" }
        if placed.quoteLost { line += " (quote no longer found)" }
        if !placed.note.text.isEmpty { line += " \u{2014} " + escape(placed.note.text) }
        return line.replacingOccurrences(of: "\n", with: "\n> ")
    }
}
