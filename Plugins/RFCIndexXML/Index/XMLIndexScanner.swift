/// The few things `rfc-index.xml` is read for, found by scanning its bytes: the RFC Editor's
/// index in XML is one flat list of `<rfc-entry>` elements (beside `<bcp-entry>`, `<std-entry>`,
/// `<fyi-entry>`, which name no draft), each with its children on their own, no attributes
/// that matter and no CDATA. A general XML parser would read a 15 MB file into a tree to keep
/// a few fields of each entry; this finds each entry's `<doc-id>`, `<draft>`, `<title>`, `<kw>`
/// and `<abstract>` text, and nothing of the input is trusted: lengths are bounded, entities
/// decoded, markup inside a text dropped, control characters taken out.
struct XMLIndexScanner {
    let bytes: [UInt8]

    /// One `<rfc-entry>`, as written (its fields checked by ``XMLIndexEntry``).
    struct RawEntry {
        var docID: String?
        var draft: String?
        var title: String?
        var keywords: [String] = []
        var abstract: String?
    }

    /// The longest text kept of a field: a title or an abstract longer than this is cut (a
    /// real abstract is a few hundred words; a 1 MB title is damage, not a title).
    static let longestText = 4096
    /// At most this many keywords of one entry.
    static let mostKeywords = 32

    /// Whether the input ends with the index's closing tag: a file cut short is refused whole,
    /// so that no half an index is stored.
    var isWhole: Bool {
        var end = bytes.count
        while end > 0, Self.isSpace(bytes[end - 1]) { end -= 1 }
        let closing = Array("</rfc-index>".utf8)
        return end >= closing.count && Array(bytes[(end - closing.count)..<end]) == closing
    }

    /// Whether it opens as the RFC Editor's index: `<rfc-index` in its first bytes.
    var opensAsIndex: Bool {
        find(Array("<rfc-index".utf8), from: 0, before: min(bytes.count, 4096)) != nil
    }

    /// Each `<rfc-entry>…</rfc-entry>`, in order; `unclosed` counts an entry without its end.
    func entries(_ body: (RawEntry) -> Void) -> (count: Int, unclosed: Int) {
        let open = Array("<rfc-entry>".utf8)
        let close = Array("</rfc-entry>".utf8)
        var position = 0
        var count = 0
        var unclosed = 0
        while let start = find(open, from: position, before: bytes.count) {
            let inside = start + open.count
            guard let end = find(close, from: inside, before: bytes.count) else {
                unclosed += 1
                break
            }
            // An entry holding the start of another is one cut short: counted, not read.
            if find(open, from: inside, before: end) != nil {
                unclosed += 1
                position = inside
                continue
            }
            count += 1
            body(entry(inside..<end))
            position = end + close.count
        }
        return (count, unclosed)
    }

    private func entry(_ range: Range<Int>) -> RawEntry {
        var entry = RawEntry()
        // `<doc-id>` also names the RFCs an entry obsoletes or updates, inside those elements:
        // the entry's own is the first, before them.
        entry.docID = element("doc-id", in: range).map { text($0) }
        entry.draft = element("draft", in: range).map { text($0) }
        entry.title = element("title", in: range).map { text($0) }
        entry.abstract = element("abstract", in: range).map { text($0) }
        if let keywords = element("keywords", in: range) {
            var position = keywords.lowerBound
            while entry.keywords.count < Self.mostKeywords, let kw = element("kw", in: position..<keywords.upperBound) {
                let word = text(kw)
                if !word.isEmpty { entry.keywords.append(word) }
                position = kw.upperBound
            }
        }
        return entry
    }

    /// The content of the first `<name>…</name>` in `range`.
    private func element(_ name: String, in range: Range<Int>) -> Range<Int>? {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        guard let start = find(open, from: range.lowerBound, before: range.upperBound),
            let end = find(close, from: start + open.count, before: range.upperBound)
        else { return nil }
        return (start + open.count)..<end
    }

    /// The text of `range`: markup dropped (an abstract's `<p>`s become spaces), entities
    /// decoded, white space and control characters made single spaces, at most
    /// ``longestText`` characters.
    private func text(_ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(min(range.count, Self.longestText))
        var index = range.lowerBound
        func space() { if let last = out.last, last != 0x20 { out.append(0x20) } }
        while index < range.upperBound, out.count < Self.longestText {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                space()
                index = (find([UInt8(ascii: ">")], from: index, before: range.upperBound) ?? range.upperBound - 1) + 1
            } else if byte == UInt8(ascii: "&") {
                let end = find([UInt8(ascii: ";")], from: index, before: min(range.upperBound, index + 12))
                if let end, let decoded = Self.entity(Array(bytes[(index + 1)..<end])) {
                    out += decoded
                    index = end + 1
                } else {
                    out.append(byte)
                    index += 1
                }
            } else if byte < 0x20 || byte == 0x7F {
                space()
                index += 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        while out.last == 0x20 { out.removeLast() }
        let text = String(decoding: out.drop { $0 == 0x20 }, as: UTF8.self)
        // C1 controls and other invisible scalars a terminal would act on: gone.
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }))
    }

    /// The bytes an entity stands for (`amp`, `#8211`, `#x2013`); nil for one not known.
    static func entity(_ name: [UInt8]) -> [UInt8]? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            // A control character by number is still a control character: a space.
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            if value < 0x20 || (0x7F...0x9F).contains(value) { return [0x20] }
            return Array(String(Character(scalar)).utf8)
        default: return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Where `needle` first starts in `bytes[from..<before]`.
    private func find(_ needle: [UInt8], from: Int, before: Int) -> Int? {
        guard let first = needle.first, before - from >= needle.count else { return nil }
        var index = from
        let last = before - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
