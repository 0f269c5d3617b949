/// A growable run of bytes, reused from one entry to the next, as ``ScratchList`` is for values.
/// Writers keep a pointer into its room in a local (``EntryTextWriter``): appending to an `[UInt8]`
/// checks uniqueness and capacity through the standard library on every call, which for the few
/// bytes at a time an entry's JSON is written in cost more than the writing.
final class ScratchBytes {
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

    /// The bytes of `range` as a String, invalid UTF-8 replaced as `String(decoding:as:)` does.
    /// Bytes a writer knows to be `ascii` go through the standard library's ASCII path, which
    /// checks eight bytes at a time where UTF-8 validation takes one. Were a byte outside ASCII
    /// among them, it would come out as U+FFFD, three bytes long: the count tells, and the bytes
    /// are read as UTF-8 after all.
    func string(_ range: Range<Int>, ascii: Bool) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the buffer")
        let bytes = UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
        if ascii {
            let text = String(decoding: bytes, as: Unicode.ASCII.self)
            if text.utf8.count == bytes.count { return text }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func removeAll() { count = 0 }

    func append(_ byte: UInt8) {
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

    /// The free room after the bytes, at least `needed` long: where to write, and its end.
    func room(atLeast needed: Int) -> (next: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
        if capacity - count < needed { grow(to: count + needed) }
        return (start + count, start + capacity)
    }

    /// How far `pointer`, a place in the buffer, is from its start.
    func offset(of pointer: UnsafeMutablePointer<UInt8>) -> Int { start.distance(to: pointer) }

    /// Counts the bytes written into the room, up to `next`.
    func written(upTo next: UnsafeMutablePointer<UInt8>) {
        count = start.distance(to: next)
        precondition(count >= 0 && count <= capacity, "written outside the buffer")
    }

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
