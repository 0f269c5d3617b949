/// Values that recur from entry to entry (a dozen statuses in 9,600 entries), made into
/// Strings once and then shared, so that most entries allocate nothing for them.
struct RepeatedValues {
    /// Beyond this many distinct values, new ones are made afresh: a lookup stays short even
    /// on input that never repeats itself.
    static let limit = 32

    /// Each value with its bytes and, to tell most apart at once, its length and first bytes.
    private var strings: [(count: Int, head: UInt64, bytes: [UInt8], value: String)] = []

    /// The String of `range`.
    mutating func string(_ text: ByteText, _ range: Range<Int>, _ encoding: TextEncoding) -> String {
        let head = Self.head(text, range)
        for known in strings where known.count == range.count && known.head == head && text.equals(range, known.bytes) {
            return known.value
        }
        let value = encoding.string(text.text, range)
        if strings.count < Self.limit { strings.append((range.count, head, Array(text.text[range]), value)) }
        return value
    }

    /// Up to eight first bytes of `range`, as a number.
    private static func head(_ text: ByteText, _ range: Range<Int>) -> UInt64 {
        var head: UInt64 = 0
        for index in range.prefix(8) { head = head << 8 | UInt64(text[index]) }
        return head
    }
}
