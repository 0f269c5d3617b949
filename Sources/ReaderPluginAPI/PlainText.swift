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
        switch self {
        case .heading(_, let number, let title):
            return number.map { "\($0) \(title)" } ?? title
        case .paragraph(let inlines):
            return inlines.plainText
        case .preformatted(let text, _):
            return text
        case .list(let ordered, let items):
            return items.enumerated().map { index, item in
                let marker = ordered ? "\(index + 1). " : "- "
                return marker + item.compactMap(\.plainText).joined(separator: "\n")
            }.joined(separator: "\n")
        case .quote(let blocks):
            return blocks.compactMap(\.plainText).joined(separator: "\n\n")
        case .table(let rows, _):
            return rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")
        case .image(let alt, _, let caption, _):
            // Its words, never a placeholder: the text (and the full-text index) holds what
            // the picture is said to show, and nothing for a picture described by nothing.
            return Block.pictureDescription(alt: alt, caption: caption)
        case .rule:
            return nil
        case .post(let post):
            return post.text
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
