/// Values that recur from entry to entry (a dozen statuses in 9,600 entries), made into
/// Strings once and then shared, so that most entries allocate nothing for them.
struct RepeatedValues {
    /// Beyond this many distinct values, new ones are made afresh: a lookup stays short even
    /// on input that never repeats itself.
    static let limit = 32

    private var strings: [(bytes: [UInt8], value: String)] = []

    /// The String of `range`.
    mutating func string(_ text: ByteText, _ range: Range<Int>, _ encoding: TextEncoding) -> String {
        for known in strings where known.bytes.count == range.count && text.equals(range, known.bytes) {
            return known.value
        }
        let value = encoding.string(text.text, range)
        if strings.count < Self.limit { strings.append((Array(text.text[range]), value)) }
        return value
    }
}
