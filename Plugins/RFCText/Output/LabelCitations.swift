import ReaderPluginAPI

/// Citations by a reference label: `[HTTP]`, `Section 15.5 of [HTTP]`, `[CACHING], Section 4`
/// — how most RFCs since the 2000s cite, naming an RFC only in their reference list
/// (`[HTTP]  Fielding, R., Ed., …, "HTTP Semantics", STD 97, RFC 9110, …`). Each label is
/// resolved through that list to the RFCs its entry names, so that `reader refs 9110 --section
/// 15.5` finds the documents that cite that section as `[HTTP]` too. `[RFC9110]` is an RFC
/// mention already (``RFCMention``); only other labels are read here.
struct LabelCitations {
    let own: Int
    /// Each reference list entry's label, mapped to the RFCs it names.
    private var labels: [String: [Int]] = [:]
    /// The labels cited so far, to resolve when the whole text (its reference list last) is read.
    private var cited: [(label: String, section: String?, targetSection: String?)] = []
    private var inReferences = false

    init(own: Int) {
        self.own = own
    }

    /// A heading: whether what follows it is a reference list.
    mutating func heading(_ title: String) {
        inReferences = Self.isReferencesHeading(title)
    }

    /// A paragraph's text as the block writer reflowed it, in `section`, with the RFC mentions
    /// it holds: in a reference list an entry (`[HTTP]  Fielding, R., … RFC 9110`), elsewhere
    /// the labels it cites. Only a paragraph that holds a `[` has either: the block writer asks
    /// only of those.
    mutating func paragraph(_ bytes: [UInt8], mentions: [RFCMention], section: String?) {
        if inReferences {
            guard bytes.first == UInt8(ascii: "["), let (range, label) = Self.bracketed(bytes).first, range.lowerBound == 1,
                labels[label] == nil, !Self.isRFCLabel(label)
            else { return }
            var numbers: [Int] = []
            for mention in mentions where mention.range.lowerBound > range.upperBound && mention.number != own {
                if !numbers.contains(mention.number) { numbers.append(mention.number) }
            }
            if !numbers.isEmpty { labels[label] = numbers }
        } else {
            for (range, label) in Self.bracketed(bytes) where !Self.isRFCLabel(label) {
                let targetSection = RFCMention.section(of: RFCMention(range: range, number: 0), in: bytes)
                cited.append((label, section, targetSection))
            }
        }
    }

    /// The citations by label, in the order made, each with the section it is made in (the
    /// last numbered heading before it) and the cited RFC's section it names.
    var citations: [BlockWriter.Citation] {
        guard !labels.isEmpty else { return [] }
        var citations: [BlockWriter.Citation] = []
        for citation in cited {
            for number in labels[citation.label] ?? [] {
                citations.append(BlockWriter.Citation(section: citation.section, number: number, targetSection: citation.targetSection))
            }
        }
        return citations
    }

    /// `References`, `Normative References`, `10.1.  Informative References`.
    static func isReferencesHeading(_ title: String) -> Bool {
        // Compared byte by byte, ASCII case folded: asked of every heading, and
        // `lowercased().contains(_:)` cost 18,000 instructions a heading.
        let utf8 = Array(title.utf8)
        guard utf8.count >= references.count else { return false }
        for start in 0...(utf8.count - references.count) {
            var index = 0
            while index < references.count, ASCII.lowercased(utf8[start + index]) == references[index] { index += 1 }
            if index == references.count { return true }
        }
        return false
    }

    private static let references = Array("references".utf8)

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
