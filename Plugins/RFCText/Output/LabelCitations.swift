import ReaderPluginAPI

/// Citations by a reference label: `[HTTP]`, `Section 15.5 of [HTTP]`, `[CACHING], Section 4`
/// — how most RFCs since the 2000s cite, naming an RFC only in their reference list
/// (`[HTTP]  Fielding, R., Ed., …, "HTTP Semantics", STD 97, RFC 9110, …`). Each label is
/// resolved through that list to the RFCs its entry names, so that `reader refs 9110 --section
/// 15.5` finds the documents that cite that section as `[HTTP]` too. `[RFC9110]` is an RFC
/// mention already (``RFCMention``); only other labels are read here.
enum LabelCitations {
    /// The citations by label in `blocks`, each with the section it is made in (the last
    /// numbered heading before it) and the cited RFC's section it names.
    static func find(in blocks: [Block], own: Int) -> [BlockWriter.Citation] {
        let labels = references(in: blocks, own: own)
        guard !labels.isEmpty else { return [] }
        var citations: [BlockWriter.Citation] = []
        var section: String?
        var inReferences = false
        for block in blocks {
            if case .heading(_, let number, let title) = block {
                if let number { section = number }
                inReferences = isReferencesHeading(title)
                continue
            }
            guard !inReferences else { continue }
            for bytes in paragraphs(block, where: hasBracket) {
                for (range, label) in bracketed(bytes) {
                    guard let numbers = labels[label] else { continue }
                    let targetSection = RFCMention.section(of: RFCMention(range: range, number: 0), in: bytes)
                    for number in numbers {
                        citations.append(BlockWriter.Citation(section: section, number: number, targetSection: targetSection))
                    }
                }
            }
        }
        return citations
    }

    /// The reference list: each entry's label (`HTTP`), for an entry of a references section
    /// that starts with `[LABEL]`, mapped to the RFCs it names (`BCP14` names 2119 and 8174).
    static func references(in blocks: [Block], own: Int) -> [String: [Int]] {
        var labels: [String: [Int]] = [:]
        var inReferences = false
        for block in blocks {
            if case .heading(_, _, let title) = block {
                inReferences = isReferencesHeading(title)
                continue
            }
            guard inReferences else { continue }
            for bytes in paragraphs(block, where: startsBracketed) {
                guard bytes.first == UInt8(ascii: "["), let (range, label) = bracketed(bytes).first, range.lowerBound == 1,
                    labels[label] == nil
                else { continue }
                var numbers: [Int] = []
                for mention in RFCMention.find(in: Array(bytes[(range.upperBound + 1)...])) where mention.number != own {
                    if !numbers.contains(mention.number) { numbers.append(mention.number) }
                }
                if !numbers.isEmpty, !isRFCLabel(label) { labels[label] = numbers }
            }
        }
        return labels
    }

    /// The text of each paragraph of `block`, those of its list items and quotes too, that
    /// `wanted` keeps: asked of the inlines first, so that a paragraph with no bracket (most of
    /// a document's) is never joined into one text (5 % of a parse when every one was).
    private static func paragraphs(_ block: Block, where wanted: ([Inline]) -> Bool) -> [[UInt8]] {
        switch block {
        case .paragraph(let inlines): return wanted(inlines) ? [Array(inlines.map(\.text).joined().utf8)] : []
        case .list(_, let items): return items.flatMap { $0.flatMap { paragraphs($0, where: wanted) } }
        case .quote(let blocks): return blocks.flatMap { paragraphs($0, where: wanted) }
        default: return []
        }
    }

    /// Whether a run of `inlines` holds a `[`: read from the strings' own bytes, as the
    /// generic `utf8.contains` cost more than the joining it saves.
    private static func hasBracket(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            var text = inline.text
            return text.withUTF8 { $0.contains(UInt8(ascii: "[")) }
        }
    }

    /// Whether a run of `inlines` starts with `[`, as an entry of a reference list does.
    private static func startsBracketed(_ inlines: [Inline]) -> Bool {
        inlines.first { !$0.text.isEmpty }?.text.utf8.first == UInt8(ascii: "[")
    }

    /// `References`, `Normative References`, `10.1.  Informative References`.
    private static func isReferencesHeading(_ title: String) -> Bool {
        title.lowercased().contains("references")
    }

    /// `RFC2119`, `RFC 2119`: an RFC mention, read as one already.
    private static func isRFCLabel(_ label: String) -> Bool {
        label.hasPrefix("RFC") && label.dropFirst(3).drop { $0 == " " }.allSatisfy(\.isNumber)
    }

    /// Every `[LABEL]` in `bytes`: the label's range (inside the brackets) and text. A label is
    /// 1 to 40 letters, digits and `-._/`, with a letter; `[1]` is a numbered reference
    /// (resolved too, as old RFCs cite), `[...]` and `[ ]` are not labels.
    static func bracketed(_ bytes: [UInt8]) -> [(Range<Int>, String)] {
        var found: [(Range<Int>, String)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 41, isLabelByte(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "]"), end > index + 1,
                bytes[(index + 1)..<end].contains(where: ASCII.isAlphanumeric)
            {
                found.append(((index + 1)..<end, String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
            }
            index = end
        }
        return found
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "/")
    }
}
