/// A growable run of bytes for the hot loops of a parse: appending to an `[UInt8]` checks
/// uniqueness and capacity through the standard library on every call, which for the few
/// bytes at a time an entry's JSON is written in cost more than the writing.
final class ByteBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    var isEmpty: Bool { count == 0 }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    func removeAll() { count = 0 }

    @inline(__always) func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Room for `needed` more bytes at the pointer returned; ``commit(_:)`` then counts those
    /// written. Writing through a local pointer keeps the loop's state out of memory.
    @inline(__always) func space(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < needed { grow(to: count + needed) }
        return start + count
    }

    @inline(__always) func commit(_ written: Int) { count += written }

    /// The bytes as a String, invalid UTF-8 replaced as `String(decoding:as:)` does.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
