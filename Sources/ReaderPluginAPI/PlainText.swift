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
        case .image(let alt, _):
            return alt.flatMap { $0.isEmpty ? nil : $0 } ?? "[image]"
        case .rule:
            return nil
        case .post(let post):
            return post.text
        }
    }
}

extension [Inline] {
    /// The runs' text joined.
    public var plainText: String { map(\.text).joined() }
}
