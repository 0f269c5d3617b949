import ReaderPluginAPI

/// Lays the nodes out as blocks: paragraphs reflowed into one line with RFC mentions as links,
/// figures with their common indentation removed. Collects the sections on the way.
struct BlockWriter {
    let text: SourceText
    var links: LinkTable
    private(set) var sections: [JSONValue] = []
    /// Every mention of another RFC, in order: the section it is made in (the last numbered
    /// heading before it) and the section of the cited RFC it names, when it names one.
    private(set) var citations: [Citation] = []
    /// The citations by reference label (`[HTTP]`), read from the same reflowed text.
    private(set) var labelCitations: LabelCitations
    private var section: String?

    struct Citation: Hashable {
        var section: String?
        var number: Int
        var targetSection: String?
    }

    init(_ text: SourceText, own number: Int) {
        self.text = text
        self.links = LinkTable(own: number)
        self.labelCitations = LabelCitations(own: number)
    }

    mutating func blocks(_ nodes: [Node]) -> [Block] {
        nodes.map { block($0) }
    }

    private mutating func block(_ node: Node) -> Block {
        switch node {
        case .heading(let level, let number, let title):
            sections.append(["number": JSONValue(number), "title": .string(title)])
            if let number { section = number }
            labelCitations.heading(title)
            let bytes = Array(title.utf8)
            for mention in RFCMention.find(in: bytes) where links.index(for: mention.number) != nil { cite(mention, in: bytes) }
            return .heading(level: level, number: number, title: title)
        case .paragraph(let segments, let strong):
            return .paragraph(inlines(reflow(segments), style: strong ? .strong : .plain))
        case .verbatim(let parts):
            let bytes = verbatim(parts)
            for mention in RFCMention.find(in: bytes) where links.index(for: mention.number) != nil { cite(mention, in: bytes) }
            return .preformatted(String(decoding: bytes, as: UTF8.self), language: nil)
        case .quote(let inner):
            return .quote(blocks(inner))
        case .list(let ordered, let items):
            return .list(ordered: ordered, items: items.map { blocks($0) })
        }
    }

    /// The runs of a paragraph: plain text, and a linked run for every RFC it mentions.
    private mutating func inlines(_ text: String, style: Inline.Style) -> [Inline] {
        // Most paragraphs mention no RFC and cite no label: their text is their one run, and
        // their bytes are not copied out of it to be looked through.
        var text = text
        guard text.withUTF8({ Self.mayMention($0) }) else { return [Inline(text, style: style)] }
        let bytes = Array(text.utf8)
        var plainStart = 0
        let mentions = RFCMention.find(in: bytes)
        var runs: [Inline] = []
        // A run before each mention, the mention, and the rest: grown once, not at each.
        runs.reserveCapacity(2 * mentions.count + 1)
        // Only a label citation or a reference list entry needs a `[`; most paragraphs hold none.
        if ASCII.holds(UInt8(ascii: "["), in: bytes) { labelCitations.paragraph(bytes, mentions: mentions, section: section) }
        for mention in mentions {
            guard let link = links.index(for: mention.number) else { continue }
            cite(mention, in: bytes)
            if mention.range.lowerBound > plainStart {
                runs.append(Inline(String(decoding: bytes[plainStart..<mention.range.lowerBound], as: UTF8.self), style: style))
            }
            runs.append(Inline(String(decoding: bytes[mention.range], as: UTF8.self), style: style, link: link))
            plainStart = mention.range.upperBound
        }
        if runs.isEmpty { return [Inline(text, style: style)] }
        if plainStart < bytes.count {
            runs.append(Inline(String(decoding: bytes[plainStart...], as: UTF8.self), style: style))
        }
        return runs
    }

    /// Whether `bytes` may hold an RFC's mention (`RFC`) or a label's citation (`[`): what
    /// ``inlines(_:style:)`` looks through a paragraph's bytes for.
    private static func mayMention(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        if ASCII.firstIndex(of: UInt8(ascii: "["), in: raw, from: 0) != nil { return true }
        var from = 0
        while let capital = ASCII.firstIndex(of: UInt8(ascii: "R"), in: raw, from: from) {
            if capital + 2 < raw.count, raw[capital + 1] == UInt8(ascii: "F"), raw[capital + 2] == UInt8(ascii: "C") { return true }
            from = capital + 1
        }
        return false
    }

    private mutating func cite(_ mention: RFCMention, in bytes: [UInt8]) {
        citations.append(Citation(section: section, number: mention.number, targetSection: RFCMention.section(of: mention, in: bytes)))
    }

    /// Joins the lines with single spaces; a word hyphenated at a line's end is joined whole.
    /// Written through buffers: every paragraph of every document is made here, and appending
    /// a byte at a time checked the array's room and owner for each. Into the string itself,
    /// not bytes the string is then copied from: a paragraph's one allocation.
    private func reflow(_ segments: [Range<Int>]) -> String {
        let capacity = segments.reduce(0) { $0 + $1.count + 1 }
        return text.bytes.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: capacity) { out in
                var count = 0
                for segment in segments {
                    let lower = max(segment.lowerBound, 0)
                    let upper = min(segment.upperBound, bytes.count)
                    guard lower < upper else { continue }
                    if count > 0 {
                        let last = out[count - 1]
                        let hyphenated =
                            last == 0x2D && count >= 2 && ASCII.isAlphanumeric(out[count - 2]) && ASCII.isAlphanumeric(bytes[lower])
                        if !hyphenated {
                            out[count] = ASCII.space
                            count += 1
                        }
                    }
                    var previous: UInt8 = 0
                    for index in lower..<upper {
                        let byte = bytes[index]
                        if byte != ASCII.space || previous != ASCII.space {
                            out[count] = byte
                            count += 1
                        }
                        previous = byte
                    }
                }
                return count
            }
        }
    }

    /// The lines as written, less the indentation they all share.
    private func verbatim(_ parts: [VerbatimPart]) -> [UInt8] {
        let bytes = text.bytes
        var common = Int.max
        for part in parts {
            for line in part.lines where !line.isBlank { common = min(common, line.indent) }
        }
        if common == .max { common = 0 }
        var out: [UInt8] = []
        // The lines' bytes and a newline each, blank ones too: one allocation for the figure.
        out.reserveCapacity(parts.reduce(0) { $0 + $1.blanksBefore + $1.lines.reduce(0) { $0 + max(0, $1.end - $1.start) + 1 } })
        var pendingBlanks = 0
        for (number, part) in parts.enumerated() {
            if number > 0 { pendingBlanks += part.blanksBefore }
            for line in part.lines {
                if line.isBlank {
                    pendingBlanks += 1
                    continue
                }
                if !out.isEmpty { out.append(contentsOf: repeatElement(0x0A, count: 1 + pendingBlanks)) }
                pendingBlanks = 0
                out.append(contentsOf: bytes[(line.start + common)..<line.end])
            }
        }
        return out
    }
}
