import ReaderJSON

/// Writes an entry's JSON objects into the index's shared text, in the form `JSONValue.jsonText`
/// gives them (compact, the same escapes), which is the form an ``Entry`` keeps them in. The
/// caller writes the keys in sorted order, as `jsonText` does, so that the text of an entry
/// equals the text of the same entry built as a dictionary. Strings and numbers are written by
/// the JSON writer's own rules (`JSONQuoting`); what is here is where the bytes go.
///
/// A value made for one text: it holds the place to write and the end of the room in locals,
/// so that each small write is a compare and a store.
struct EntryTextWriter {
    let encoding: TextEncoding
    private let buffer: ScratchBytes
    private var next: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>
    /// Whether all written is ASCII, as nearly all of the index is: such text becomes a String
    /// without UTF-8 validation (``ScratchBytes/string(_:ascii:)``).
    private(set) var isASCII = true

    /// Starts a new text in `buffer`, in place of what it held.
    init(into buffer: ScratchBytes, encoding: TextEncoding) {
        buffer.removeAll()
        self.init(appendingTo: buffer, encoding: encoding)
    }

    /// Writes after what `buffer` holds.
    init(appendingTo buffer: ScratchBytes, encoding: TextEncoding) {
        self.encoding = encoding
        self.buffer = buffer
        (next, end) = buffer.room(atLeast: 1024)
    }

    /// Where the next byte goes, counted from the start of the buffer.
    var offset: Int { buffer.offset(of: next) }

    /// The text written.
    func finish() -> String {
        buffer.written(upTo: next)
        return buffer.string(0..<buffer.count, ascii: isASCII)
    }

    /// Counts the bytes written into the buffer, for a writer that appended to it.
    func finishAppending() {
        buffer.written(upTo: next)
    }

    @inline(__always) private mutating func reserve(_ count: Int) {
        if end - next < count { grow(count) }
    }

    @inline(never) private mutating func grow(_ count: Int) {
        buffer.written(upTo: next)
        (next, end) = buffer.room(atLeast: count)
    }

    @inline(__always) mutating func byte(_ byte: UInt8) {
        reserve(1)
        next.pointee = byte
        next += 1
    }

    /// Bytes that need no escaping: punctuation and keys (`,"authors":`). Most are 4 to 16
    /// bytes, copied as two overlapping words; inlined, so that the length of each literal is
    /// known where it is written.
    @inline(__always) mutating func raw(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        reserve(count)
        let from = UnsafeRawPointer(text.utf8Start)
        let to = UnsafeMutableRawPointer(next)
        switch count {
        case 8...16:
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        default:
            to.copyMemory(from: from, byteCount: count)
        }
        next += count
    }

    @inline(__always) mutating func null() { raw("null") }

    @inline(__always) mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    @inline(__always) mutating func number(_ value: Int) {
        reserve(20)
        next += JSONQuoting.digits(value, at: next)
    }

    @inline(__always) mutating func numbers(_ values: ScratchList<Int>) {
        let count = values.count
        // Most relations are empty.
        guard count > 0 else { return raw("[]") }
        reserve(1 + 21 * count)
        next.pointee = UInt8(ascii: "[")
        next += 1
        for index in 0..<count {
            if index > 0 {
                next.pointee = UInt8(ascii: ",")
                next += 1
            }
            next += JSONQuoting.digits(values[index], at: next)
        }
        next.pointee = UInt8(ascii: "]")
        next += 1
    }

    /// Bytes written before, as they are; `ascii` when they are known to be.
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool = false) {
        isASCII = isASCII && ascii
        reserve(bytes.count)
        if let base = bytes.baseAddress { next.update(from: base, count: bytes.count) }
        next += bytes.count
    }

    /// `"1981-09"`, as ``IndexDates/Parts/iso`` writes it.
    @inline(__always) mutating func date(_ date: IndexDates.Parts) {
        reserve(2 + IndexDates.Parts.longestISO)
        next[0] = UInt8(ascii: "\"")
        let count = 1 + date.write(to: next + 1)
        next[count] = UInt8(ascii: "\"")
        next += count + 1
    }

    /// The bytes of `range` as a JSON string, decoded as the entry's Strings are.
    @inline(__always) mutating func string(_ text: ByteText, _ range: Range<Int>) {
        if !quote(UnsafeBufferPointer(rebasing: text.text[range]), asciiOnly: true) { decodedString(text, range) }
    }

    /// UTF-8 that may be invalid, and Latin-1, become text through a String as everywhere. Out
    /// of line, so that the common path above stays small enough to be inlined.
    @inline(never) private mutating func decodedString(_ text: ByteText, _ range: Range<Int>) {
        isASCII = false
        var value = encoding.string(text.text, range)
        value.withUTF8 { _ = quote($0, asciiOnly: false) }
    }

    /// The text of `range`, decoded, without quotes or escapes: for a notice.
    mutating func plain(_ text: ByteText, _ range: Range<Int>) {
        let bytes = UnsafeBufferPointer(rebasing: text.text[range])
        guard bytes.contains(where: { $0 >= 0x80 }) else { return raw(bytes, ascii: true) }
        isASCII = false
        var value = encoding.string(text.text, range)
        value.withUTF8 { utf8 in
            reserve(utf8.count)
            if let base = utf8.baseAddress { next.update(from: base, count: utf8.count) }
            next += utf8.count
        }
    }

    /// `[…]` of the ranges as strings.
    @inline(__always) mutating func strings(_ text: ByteText, _ ranges: ScratchList<Range<Int>>) {
        byte(UInt8(ascii: "["))
        for index in 0..<ranges.count {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(text, ranges[index])
        }
        byte(UInt8(ascii: "]"))
    }

    /// `[…]` of the items of comma-separated lists ("TXT, HTML"), all lists in one array.
    mutating func listItems(_ text: ByteText, _ lists: ScratchList<Range<Int>>) {
        byte(UInt8(ascii: "["))
        var separator = false
        for index in 0..<lists.count { items(text, lists[index], separator: &separator) }
        byte(UInt8(ascii: "]"))
    }

    /// `[…]` of the items of one comma-separated list.
    mutating func listItems(_ text: ByteText, _ list: Range<Int>) {
        byte(UInt8(ascii: "["))
        var separator = false
        items(text, list, separator: &separator)
        byte(UInt8(ascii: "]"))
    }

    /// The items of `list`, each after a comma when `separator` (an item before) is set.
    private mutating func items(_ text: ByteText, _ list: Range<Int>, separator: inout Bool) {
        var comma = separator
        text.forEachPart(list, by: Byte.comma) { item in
            if comma { byte(UInt8(ascii: ",")) }
            comma = true
            string(text, item)
        }
        separator = comma
    }

    /// Writes `utf8` as a JSON string, by the one writer's rules (`JSONQuoting`). With
    /// `asciiOnly`, writes nothing and returns false at the first byte that is not ASCII.
    @inline(__always) private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>, asciiOnly: Bool) -> Bool {
        reserve(2 + 6 * utf8.count)
        guard let count = JSONQuoting.quote(utf8, asciiOnly: asciiOnly, at: next) else { return false }
        next += count
        return true
    }
}
