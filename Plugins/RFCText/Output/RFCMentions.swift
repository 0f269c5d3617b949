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
            guard bytes[index] == 0x52, bytes[index + 1] == 0x46, bytes[index + 2] == 0x43,  // RFC
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
