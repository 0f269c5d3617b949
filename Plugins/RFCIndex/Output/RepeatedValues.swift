/// Byte strings met before, found again without copying or retaining anything. A key is told
/// by its length and its first and last eight bytes, which say all of it up to 16 bytes (a
/// status, a format list); only longer keys are compared further, with their bytes kept in one
/// run. (Kept as tuples of arrays and Strings, each comparison copied one: a retain and a
/// release.)
struct ByteKeys {
    /// Beyond this many keys, new ones are not kept: a lookup stays short even on input that
    /// never repeats itself.
    static let limit = 32

    private var bytes: [UInt8] = []
    private var keys: [Key] = []

    private struct Key: Equatable {
        var count: Int
        var first: UInt64
        var last: UInt64
    }

    /// The number of the key equal to `range` of `text`: keys are numbered as they were added.
    func find(_ text: ByteText, _ range: Range<Int>) -> Int? {
        let wanted = Self.key(text, range)
        var start = 0
        for index in keys.indices {
            let key = keys[index]
            if key == wanted, key.count <= 16 || matches(text, range, at: start) { return index }
            start += key.count
        }
        return nil
    }

    private func matches(_ text: ByteText, _ range: Range<Int>, at start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { text.equals(range, UnsafeBufferPointer(rebasing: $0[start..<start + range.count])) }
    }

    /// Keeps `range` of `text` as the next key; false when there are enough already.
    mutating func add(_ text: ByteText, _ range: Range<Int>) -> Bool {
        guard keys.count < Self.limit else { return false }
        keys.append(Self.key(text, range))
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text.text[range]))
        return true
    }

    private static func key(_ text: ByteText, _ range: Range<Int>) -> Key {
        guard range.count >= 8, let base = text.text.baseAddress else {
            var word: UInt64 = 0
            for index in range { word = word << 8 | UInt64(text[index]) }
            return Key(count: range.count, first: word, last: word)
        }
        let first = UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self)
        let last = UnsafeRawPointer(base + range.upperBound - 8).loadUnaligned(as: UInt64.self)
        return Key(count: range.count, first: first, last: last)
    }
}

/// Values that recur from entry to entry (a dozen statuses in 9,600 entries), made into
/// Strings once and then shared, so that most entries allocate nothing for them.
struct RepeatedValues {
    private var keys = ByteKeys()
    private var values: [String] = []

    /// The number of the String of `range`; values beyond those kept for lookup are numbered
    /// too, and made afresh each time.
    mutating func index(_ text: ByteText, _ range: Range<Int>, _ encoding: TextEncoding) -> Int {
        if let known = keys.find(text, range) { return known }
        _ = keys.add(text, range)
        values.append(encoding.string(text.text, range))
        return values.count - 1
    }

    subscript(index: Int) -> String { values[index] }
}

/// The JSON of the format lists ("TXT, HTML" is `["TXT","HTML"]`), of which the index has a
/// dozen: each written once, then copied.
struct FormatLists {
    private var keys = ByteKeys()
    /// The JSON of each list, one after the other.
    private var json: [UInt8] = []
    private var written: [(range: Range<Int>, isASCII: Bool)] = []
    private let buffer = ScratchBytes(capacity: 256)

    mutating func write(_ list: Range<Int>, _ text: ByteText, to writer: inout EntryTextWriter) {
        if let known = keys.find(text, list) {
            let (range, isASCII) = written[known]
            json.withUnsafeBufferPointer { writer.raw(UnsafeBufferPointer(rebasing: $0[range]), ascii: isASCII) }
            return
        }
        var listWriter = EntryTextWriter(into: buffer, encoding: writer.encoding)
        listWriter.listItems(text, list)
        listWriter.finishAppending()
        writer.raw(buffer.bytes, ascii: listWriter.isASCII)
        if keys.add(text, list) {
            written.append((json.count..<json.count + buffer.count, listWriter.isASCII))
            json.append(contentsOf: buffer.bytes)
        }
    }
}
