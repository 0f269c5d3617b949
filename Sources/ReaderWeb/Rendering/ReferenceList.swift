import ReaderPluginAPI

/// A document's own list of references, read from its blocks: each entry of a "References"
/// section that starts with its label (`[2] Postel, J., …, RFC 791, …`, `[RFC2046] Freed, N.
/// …`), with the document it names by a module's label, if any. A citation `[2]` in the text
/// is resolved through it — to the cited document when the entry names one, else to the entry
/// itself, anchored `ref-2`.
struct ReferenceList {
    struct Reference {
        /// The id of the entry's paragraph.
        var anchor: String
        /// The key of the document the entry names: its label's (`RFC2046`), else the first it mentions.
        var key: String?
    }

    private(set) var byLabel: [String: Reference] = [:]
    /// The anchor of each entry, by the position of its paragraph among the top-level blocks.
    private(set) var anchorOfBlock: [Int: String] = [:]

    static let empty = ReferenceList()

    private init() {}

    init(_ blocks: [Block], mentions: Mentions) {
        // Inside a references section: the level of its heading.
        var referencesLevel: Int?
        var anchors = Anchors()
        for (index, block) in blocks.enumerated() {
            switch block {
            case .heading(let level, _, let title):
                if title.lowercased().contains("reference") {
                    referencesLevel = min(referencesLevel ?? level, level)
                } else if let open = referencesLevel, level <= open {
                    referencesLevel = nil
                }
            case .paragraph(let inlines) where referencesLevel != nil:
                let text = inlines.map(\.text).joined()
                guard let label = Self.label(startingAt: text), byLabel[label] == nil else { continue }
                let anchor = anchors.unique("ref-" + Self.anchorText(label))
                let rest = text.dropFirst(label.count + 2)
                let key = Self.key(label: label, mentions) ?? mentions.find(in: String(rest)).first?.key
                byLabel[label] = Reference(anchor: anchor, key: key)
                anchorOfBlock[index] = anchor
            default:
                continue
            }
        }
    }

    /// `2` of `[2] Postel, J.`; `RFC2046` of `[RFC2046]  Freed, N.`.
    static func label(startingAt text: String) -> String? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let label = text[text.index(after: text.startIndex)..<close]
        guard Self.isLabel(label) else { return nil }
        return String(label)
    }

    /// A label as RFCs write them: short, no brackets, no line of prose.
    static func isLabel(_ label: Substring) -> Bool {
        !label.isEmpty && label.count <= 40 && !label.contains("[") && !label.hasPrefix(" ") && !label.hasSuffix(" ")
            && label.split(separator: " ").count <= 3
    }

    /// `RFC2046`, `RFC 2046`, `RFC-2046` as a whole label: the key it names.
    static func key(label: String, _ mentions: Mentions) -> String? {
        let found = mentions.find(in: label)
        guard found.count == 1, let mention = found.first, mention.range == 0..<label.unicodeScalars.count else { return nil }
        return mention.key
    }

    /// Letters, digits, `.`, `-` and `_` of a label, for an id.
    private static func anchorText(_ label: String) -> String {
        let kept = String(
            label.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) })
        return kept.isEmpty ? "entry" : kept
    }
}
