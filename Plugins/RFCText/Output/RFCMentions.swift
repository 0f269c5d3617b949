import ReaderPluginAPI

/// A mention of an RFC in the text: `RFC 791`, `RFC791`, `[RFC2119]`, `RFC-1122`, and each
/// number of `RFCs 2119 and 8174`.
struct RFCMention: Equatable, Sendable {
    var range: Range<Int>
    var number: Int

    private static let separators = [", and ", ", or ", " and ", " or ", ", ", "/"].map { Array($0.utf8) }

    static func find(in bytes: [UInt8]) -> [RFCMention] {
        var mentions: [RFCMention] = []
        let count = bytes.count
        var index = 0
        while index + 3 < count {
            guard bytes[index] == 0x52 else {  // R: skipped to, sixteen bytes at a time
                index = ASCII.firstIndex(of: 0x52, in: bytes, from: index + 1) ?? count
                continue
            }
            guard bytes[index + 1] == 0x46, bytes[index + 2] == 0x43,  // FC
                index == 0 || !ASCII.isAlphanumeric(bytes[index - 1])
            else {
                index += 1
                continue
            }
            var cursor = index + 3
            if bytes[cursor] == 0x73, cursor + 1 < count, bytes[cursor + 1] == ASCII.space {  // RFCs
                cursor += 2
                guard var found = number(bytes, at: cursor) else {
                    index = cursor
                    continue
                }
                mentions.append(RFCMention(range: index..<found.end, number: found.value))
                cursor = found.end
                while let separator = separators.first(where: { bytes[cursor...].starts(with: $0) }),
                    let next = number(bytes, at: cursor + separator.count)
                {
                    found = next
                    mentions.append(RFCMention(range: (cursor + separator.count)..<found.end, number: found.value))
                    cursor = found.end
                }
                index = cursor
                continue
            }
            if bytes[cursor] == ASCII.space || bytes[cursor] == 0x2D { cursor += 1 }
            if let found = number(bytes, at: cursor) {
                mentions.append(RFCMention(range: index..<found.end, number: found.value))
                index = found.end
            } else {
                index = cursor
            }
        }
        return mentions
    }

    /// The section of the cited RFC a mention names: `RFC 793, Section 3.2`, `[RFC9293],
    /// Section 3.2`, `Section 3.2 of RFC 793`, `Section 3.2 of [RFC9293]`.
    static func section(of mention: RFCMention, in bytes: [UInt8]) -> String? {
        var end = mention.range.upperBound
        if end < bytes.count, bytes[end] == 0x5D { end += 1 }  // ]
        // Asked of every mention: the words are compared in place, nothing is allocated.
        if end < bytes.count, bytes[end] == 0x2C || bytes[end] == ASCII.space {
            for lead in leads where bytes[end...].starts(with: lead) { return sectionNumber(bytes, at: end + lead.count) }
        }
        var start = mention.range.lowerBound
        if start > 0, bytes[start - 1] == 0x5B { start -= 1 }  // [
        guard start > 4, bytes[(start - 4)..<start].elementsEqual(of) else { return nil }
        var numberStart = start - 4
        while numberStart > 0, ASCII.isAlphanumeric(bytes[numberStart - 1]) || bytes[numberStart - 1] == 0x2E { numberStart -= 1 }
        guard numberStart > ection.count, bytes[(numberStart - ection.count)..<numberStart].elementsEqual(ection) else { return nil }
        return sectionNumber(bytes, at: numberStart)
    }

    private static let leads = [", Section ", ", section ", " Section ", ", Sections "].map { Array($0.utf8) }
    private static let of = Array(" of ".utf8)
    private static let ection = Array("ection ".utf8)

    /// A section number at `start`: `3.2`, `A.1`, `10`; a trailing period is not part of it.
    private static func sectionNumber(_ bytes: [UInt8], at start: Int) -> String? {
        var end = start
        while end < bytes.count, end - start < 16, ASCII.isAlphanumeric(bytes[end]) || bytes[end] == 0x2E { end += 1 }
        while end > start, bytes[end - 1] == 0x2E { end -= 1 }
        guard end > start, bytes[start..<end].contains(where: ASCII.isDigit) || end - start == 1 else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// An RFC number (leading zeros allowed) standing alone at `start`.
    private static func number(_ bytes: [UInt8], at start: Int) -> (value: Int, end: Int)? {
        var end = start
        while end < bytes.count, ASCII.isDigit(bytes[end]) { end += 1 }
        guard end > start, end - start <= 5, end == bytes.count || !ASCII.isAlphanumeric(bytes[end]),
            let value = ASCII.number(bytes[start..<end]), value > 0
        else { return nil }
        return (value, end)
    }
}

/// The links of a document: one per RFC it cites, in order of first mention, never itself.
struct LinkTable: Sendable {
    let own: Int
    private(set) var links: [Link] = []
    private var indexByNumber: [Int: Int] = [:]

    init(own: Int) { self.own = own }

    /// The link index for RFC `number`, added on first mention; nil for the document itself.
    mutating func index(for number: Int) -> Int? {
        guard number != own else { return nil }
        if let index = indexByNumber[number] { return index }
        links.append(Link(text: "RFC \(number)", url: "https://www.rfc-editor.org/rfc/rfc\(number)"))
        indexByNumber[number] = links.count - 1
        return links.count - 1
    }

    var numbers: [Int] { indexByNumber.keys.sorted() }
}
