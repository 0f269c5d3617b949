import Glibc

/// Byte-level reading of markup for ``MarkupThinner``: searches with `memchr`, ASCII case
/// folding, and libxml2's classes of bytes (as bit masks: they run over every tag of a page).
extension UnsafeBufferPointer<UInt8> {
    /// The first `byte` at or after `start` (and before `end`).
    func next(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = Swift.min(end ?? count, count)
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start) else {
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

    /// The first byte of an attribute name: a letter, `_`, `:` or `.`.
    static func startsName(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

