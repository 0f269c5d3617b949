extension Document {
    /// The plain text of the body, as the JSON `text` key carries it: blocks in order, a blank
    /// line between them, no markup, no link list. Renderers that wrap or style text start
    /// from the blocks instead; this is the canonical, unstyled form that tests compare.
    public var plainText: String {
        if blocks.isEmpty {
            return entries.map { "\($0.id) \($0.title)" }.joined(separator: "\n")
        }
        return blocks.compactMap(\.plainText).joined(separator: "\n\n")
    }
}

extension Block {
    /// The block's text without markup; nil for blocks that carry no text (a rule).
    public var plainText: String? {
        var text: [UInt8] = []
        guard appendPlainText(to: &text) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``plainText`` as UTF-8 to `text`; false, with nothing appended, where it is nil.
    /// The one definition of a block's text: the full-text index cuts a passage's words from
    /// these bytes, and a string for every block and every passage was a tenth of a mirror's
    /// allocations.
    package func appendPlainText(to text: inout [UInt8]) -> Bool {
        switch self {
        case .heading(_, let number, let title):
            if let number {
                text.append(contentsOf: number.utf8)
                text.append(0x20)
            }
            text.append(contentsOf: title.utf8)
        case .paragraph(let inlines):
            for inline in inlines { text.append(contentsOf: inline.text.utf8) }
        case .preformatted(let preformatted, _):
            text.append(contentsOf: preformatted.utf8)
        case .list(let ordered, let items):
            for (index, item) in items.enumerated() {
                if index > 0 { text.append(0x0A) }
                if ordered {
                    text.append(contentsOf: String(index + 1).utf8)
                    text.append(contentsOf: ". ".utf8)
                } else {
                    text.append(contentsOf: "- ".utf8)
                }
                Self.append(item, separator: [0x0A], to: &text)
            }
        case .quote(let blocks):
            Self.append(blocks, separator: [0x0A, 0x0A], to: &text)
        case .table(let rows, _):
            for (index, row) in rows.enumerated() {
                if index > 0 { text.append(0x0A) }
                for (column, cell) in row.enumerated() {
                    if column > 0 { text.append(0x09) }
                    text.append(contentsOf: cell.utf8)
                }
            }
        case .image(let alt, _, let caption, _):
            // Its words, never a placeholder: the text (and the full-text index) holds what
            // the picture is said to show, and nothing for a picture described by nothing.
            guard let description = Block.pictureDescription(alt: alt, caption: caption) else { return false }
            text.append(contentsOf: description.utf8)
        case .rule:
            return false
        case .post(let post):
            text.append(contentsOf: post.text.utf8)
        }
        return true
    }

    /// The text of each of `blocks` that has any (an empty one too), `separator` between them.
    private static func append(_ blocks: [Block], separator: [UInt8], to text: inout [UInt8]) {
        var first = true
        for block in blocks {
            let mark = text.count
            if !first { text.append(contentsOf: separator) }
            if block.appendPlainText(to: &text) {
                first = false
            } else {
                text.removeSubrange(mark...)
            }
        }
    }
}

extension Block {
    /// What a picture is said to show: its caption, else its alt text; nil when neither says anything.
    public static func pictureDescription(alt: String?, caption: String?) -> String? {
        if let caption, !caption.isEmpty { return caption }
        if let alt, !alt.isEmpty { return alt }
        return nil
    }
}

extension [Inline] {
    /// The runs' text joined.
    public var plainText: String { map(\.text).joined() }
}
