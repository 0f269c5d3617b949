/// Values that recur from entry to entry ("TXT, HTML" in 8,000 entries, a dozen statuses),
/// made into Strings once and then shared, so that most entries allocate nothing for them.
struct RepeatedValues {
    /// Beyond this many distinct values, new ones are made afresh: a lookup stays short even
    /// on input that never repeats itself.
    static let limit = 32

    private var strings: [(bytes: [UInt8], value: String)] = []
    private var lists: [(bytes: [UInt8], value: [String])] = []

    /// The String of `range`.
    mutating func string(_ text: ByteText, _ range: Range<Int>, _ encoding: TextEncoding) -> String {
        if let known = strings.first(where: { text.equals(range, $0.bytes) }) { return known.value }
        let value = encoding.string(text.text, range)
        if strings.count < Self.limit { strings.append((Array(text.text[range]), value)) }
        return value
    }

    /// The comma-separated list of `range` ("TXT, HTML"), each item trimmed.
    mutating func list(_ text: ByteText, _ range: Range<Int>, _ encoding: TextEncoding) -> [String] {
        if let known = lists.first(where: { text.equals(range, $0.bytes) }) { return known.value }
        var value: [String] = []
        text.forEachPart(range, by: Byte.comma) { value.append(encoding.string(text.text, $0)) }
        if lists.count < Self.limit { lists.append((Array(text.text[range]), value)) }
        return value
    }
}
