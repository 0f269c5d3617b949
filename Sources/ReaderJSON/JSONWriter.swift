/// The tree's one JSON writer: appends JSON to bytes it owns, quoting and writing numbers by
/// ``JSONQuoting``'s rules. What to write, and in which order, is its callers' (a stored
/// document keys sorted, `JSONValue.jsonText` compact and sorted).
///
/// Not copyable: it owns its memory, so it is written in place and never copied by mistake, and
/// its small writes are a compare and a store rather than an `Array`'s uniqueness and capacity
/// checks, which for the few bytes at a time a document is written in cost more than writing.
package struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far and not yet taken.
    package private(set) var count = 0
    /// The bytes taken so far (handed to the sink).
    private var taken = 0
    /// Where the next byte goes, counted from the first byte ever written.
    package var position: Int { taken + count }
    /// Where full pieces go, when the bytes are written out as they are made.
    private let sink: (([UInt8]) -> Void)?
    private let piece: Int

    /// A writer that keeps what it writes until ``take()``.
    package init(capacity: Int = 1 << 12) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
        sink = nil
        piece = .max
    }

    /// A writer that hands `sink` what it wrote whenever an ``array(_:_:)`` element takes it
    /// past `piece` bytes, so that a large value is never held whole; ``take()`` has the rest.
    package init(piece: Int, sink: @escaping ([UInt8]) -> Void) {
        capacity = piece + (piece >> 2)
        start = .allocate(capacity: capacity)
        self.sink = sink
        self.piece = piece
    }

    deinit { start.deallocate() }

    /// The bytes written and not yet taken.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// The bytes written, which the writer then forgets.
    package mutating func take() -> [UInt8] {
        let bytes = Array(bytes)
        taken += count
        count = 0
        return bytes
    }

    /// The bytes written as text (they are UTF-8 when every string written was).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets what was written after the first `count` bytes.
    package mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
    }

    @inline(__always) private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    @inline(never) private mutating func grow(_ extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    // MARK: Bytes

    @inline(__always) package mutating func byte(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Bytes that need no escaping: punctuation, literals, keys written as such.
    @inline(__always) package mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// JSON written before, as it is.
    package mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (start + count).initialize(from: base, count: bytes.count) }
        count += bytes.count
    }

    // MARK: Values

    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    package mutating func string(_ text: Substring) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        reserve(2 + 6 * utf8.count)
        count += JSONQuoting.quote(utf8, asciiOnly: false, at: start + count) ?? 0
    }

    package mutating func number(_ value: Int) {
        reserve(20)
        count += JSONQuoting.digits(value, at: start + count)
    }

    /// A whole number without a fraction (RFC numbers and counts read as numbers), any other
    /// as Swift writes a Double.
    package mutating func number(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 { return number(Int(value)) }
        var text = String(value)
        text.withUTF8 { raw($0) }
    }

    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    package mutating func null() { raw("null") }

    /// `"name":`, after a comma unless it is the first member.
    package mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// A key that may need escaping, after a comma unless it is the first member.
    package mutating func key(_ name: String, first: Bool = false) {
        if !first { byte(UInt8(ascii: ",")) }
        string(name)
        byte(UInt8(ascii: ":"))
    }

    /// `[…]` of `values`, each written by `element`; the point at which full pieces go out.
    package mutating func array<T>(_ values: [T], _ element: (inout JSONWriter, T) -> Void) {
        byte(UInt8(ascii: "["))
        // By index, not `enumerated()`: called unspecialised (from other modules, with a `T`
        // it cannot see), the enumeration's pair allocated for every element.
        for index in values.indices {
            if index > 0 { byte(UInt8(ascii: ",")) }
            element(&self, values[index])
            elementEnded()
        }
        byte(UInt8(ascii: "]"))
    }

    /// An element of an array is whole: the point at which a full piece goes out, for arrays
    /// written element by element without ``array(_:_:)``.
    package mutating func elementEnded() {
        if count >= piece, let sink { sink(take()) }
    }

    package mutating func strings(_ values: [String]) {
        array(values) { $0.string($1) }
    }
}
