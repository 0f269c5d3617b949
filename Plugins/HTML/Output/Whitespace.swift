/// HTML's white-space collapsing, done on UTF-8 bytes: white space, no-break spaces and control
/// characters become single spaces (control characters must not reach a terminal).
struct SpaceCollapser {
    private(set) var bytes: [UInt8] = []
    /// A space is owed before the next visible character.
    var pendingSpace = false

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends `text`; leading white space only counts when `spaceAllowed`.
    mutating func append(_ text: String, spaceAllowed: Bool) {
        var text = text
        text.withUTF8 { append($0, spaceAllowed: spaceAllowed) }
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>, spaceAllowed: Bool) {
        var index = 0
        let count = buffer.count
        while index < count {
            // Prose goes in at once: printable ASCII with single spaces inside it, which is
            // what collapsing leaves as it is.
            let runEnd = SpaceCollapser.plainRunEnd(buffer, from: index)
            if runEnd > index {
                if pendingSpace {
                    bytes.append(0x20)
                    pendingSpace = false
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<runEnd]))
                index = runEnd
                continue
            }
            let byte = buffer[index]
            let width = SpaceCollapser.spaceWidth(buffer, at: index)
            if width > 0 {
                if spaceAllowed || (!bytes.isEmpty && bytes[bytes.count - 1] != 0x0A) { pendingSpace = true }
                index += width
                continue
            }
            if byte == 0xEF, index + 2 < count, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
                index += 3  // a stray byte order mark
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append(byte)
            index += 1
        }
    }

    mutating func appendRaw(_ byte: UInt8) {
        bytes.append(byte)
        pendingSpace = false
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        pendingSpace = false
    }

    /// The end of the run from `start` of printable ASCII and single spaces between it (no
    /// space first or last): eight bytes at a time while they qualify. Adding 0x60 to a byte
    /// under 0x80 sets its top bit exactly when it is at least a space, adding 0x7F exactly
    /// when it is not 0 (after a XOR that makes the byte looked for 0); no carry crosses bytes.
    static func plainRunEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        guard start < count, buffer[start] &- 0x21 < 0x5E, let base = buffer.baseAddress else { return start }
        var index = start
        var afterSpace = false
        let high: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let space = ~((word ^ 0x2020_2020_2020_2020) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
            let control = ~(word &+ 0x6060_6060_6060_6060) & high
            let delete = ~((word ^ 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
            let doubled = space & ((space << 8) | (afterSpace ? 0x80 : 0))
            let stop = (word & high) | control | delete | doubled
            if stop != 0 {
                index += stop.trailingZeroBitCount / 8
                break
            }
            afterSpace = space >> 63 != 0
            index += 8
        }
        // The last bytes one at a time (or those of the word that stopped the loop).
        afterSpace = index > start && buffer[index - 1] == 0x20
        while index < count {
            let byte = buffer[index]
            if byte == 0x20 {
                if afterSpace || index == start { break }
                afterSpace = true
            } else if byte &- 0x21 < 0x5E {
                afterSpace = false
            } else {
                break
            }
            index += 1
        }
        // A space at the end is left to the caller, which owes it only if text follows.
        var end = index
        while end > start, buffer[end - 1] == 0x20 { end -= 1 }
        return end
    }

    /// The byte length of the white space or control character at `index`, or 0.
    static func spaceWidth(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = buffer[index]
        if byte < 0x80 { return byte <= 0x20 || byte == 0x7F ? 1 : 0 }
        let count = buffer.count
        switch byte {
        case 0xC2:  // C1 controls and U+00A0
            return index + 1 < count && buffer[index + 1] <= 0xA0 ? 2 : 0
        case 0xE1:  // U+1680
            return index + 2 < count && buffer[index + 1] == 0x9A && buffer[index + 2] == 0x80 ? 3 : 0
        case 0xE2:  // U+2000–200B, U+2028, U+2029, U+202F, U+205F
            guard index + 2 < count else { return 0 }
            let (second, third) = (buffer[index + 1], buffer[index + 2])
            if second == 0x80, third <= 0x8B || third == 0xA8 || third == 0xA9 || third == 0xAF { return 3 }
            if second == 0x81, third == 0x9F { return 3 }
            return 0
        case 0xE3:  // U+3000
            return index + 2 < count && buffer[index + 1] == 0x80 && buffer[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}

extension StringProtocol {
    /// White-space runs (including no-break spaces) turned into one space, ends trimmed.
    func collapsingWhitespace() -> String {
        var collapser = SpaceCollapser(capacity: utf8.count)
        collapser.append(String(self), spaceAllowed: false)
        return String(decoding: collapser.bytes, as: UTF8.self)
    }
}
