#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level reading of markup for ``MarkupThinner``: searches with `memchr`, ASCII case
/// folding, and libxml2's classes of bytes (as bit masks: they run over every tag of a page).
extension UnsafeBufferPointer<UInt8> {
    /// The first `byte` at or after `start` (and before `end`): the next few bytes looked at
    /// here (it is often near, and a call costs more), then `memchr`.
    func next(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = Swift.min(end ?? count, count)
        let near = Swift.min(end, start + 16)
        var index = start
        while index < near {
            if self[index] == byte { return index }
            index += 1
        }
        guard index < end, let base = baseAddress, let found = memchr(base + index, Int32(byte), end - index) else {
            return nil
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first `text` (ASCII lowercase, matched in any case) at or after `start`.
    func find(_ text: StaticString, from start: Int) -> Int? {
        var index = start
        while let open = next(text.utf8Start[0], from: index) {
            if startsIgnoringCase(at: open, with: text) { return open }
            index = open + 1
        }
        return nil
    }

    func starts(at index: Int, with text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= count else { return false }
        for offset in 0..<length where self[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// Whether `text` (ASCII lowercase) is at `index`, in any case.
    func startsIgnoringCase(at index: Int, with text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= count else { return false }
        for offset in 0..<length where MarkupByte.lowered(self[index + offset]) != text.utf8Start[offset] { return false }
        return true
    }

    func equalsIgnoringCase(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && startsIgnoringCase(at: range.lowerBound, with: text)
    }

    func skipBlanks(_ start: Int) -> Int {
        var index = start
        while index < count, MarkupByte.isBlank(self[index]) { index += 1 }
        return index
    }
}

/// The classes of bytes libxml2's HTML parser tells apart.
enum MarkupByte {
    static func lowered(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
    /// Space, tab, newline and carriage return (IS_BLANK_CH).
    static func isBlank(_ byte: UInt8) -> Bool { byte < 64 && (UInt64(0x1_0000_2600) >> UInt64(byte)) & 1 != 0 }

    /// The bytes of a tag or attribute name after its first (htmlParseHTMLName): letters,
    /// digits, `:`, `-`, `_` and `.`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        if byte < 64 { return (UInt64(0x07FF_6000_0000_0000) >> UInt64(byte)) & 1 != 0 }
        if byte < 128 { return (UInt64(0x07FF_FFFE_87FF_FFFE) >> UInt64(byte - 64)) & 1 != 0 }
        return false
    }

    /// Whether all eight bytes of `word` are blanks: each compared with the four at once,
    /// a byte being equal when its XOR is zero (found without carries between bytes).
    static func allBlank(_ word: UInt64) -> Bool {
        func zeros(_ x: UInt64) -> UInt64 {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            return ~(((x & low) &+ low) | x | low)
        }
        let blanks =
            zeros(word ^ 0x2020_2020_2020_2020) | zeros(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            | zeros(word ^ 0x0909_0909_0909_0909) | zeros(word ^ 0x0D0D_0D0D_0D0D_0D0D)
        return blanks == 0x8080_8080_8080_8080
    }

    /// The first byte of an attribute name: a letter, `_`, `:` or `.`.
    static func startsName(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

extension Array<UInt8> {
    /// Whether `needle` occurs anywhere in the bytes (`<body` in a page's first bytes, `author`
    /// in an `itemprop`).
    func containsBytes(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return false }
        let first = needle[0]
        for index in 0...(count - needle.count) where self[index] == first {
            var offset = 1
            while offset < needle.count, self[index + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}
