/// Byte tests for the ASCII part of the text; RFCs are ASCII but for a few names.
enum ASCII {
    static let space: UInt8 = 0x20
    static let period: UInt8 = 0x2E

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    /// The value of a run of decimal digits, nil when it is empty or too long to be an RFC number.
    static func number<C: Collection<UInt8>>(_ digits: C) -> Int? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    /// Whether `bytes` hold `byte`: asked of every paragraph (``firstIndex(of:in:from:)``).
    static func holds(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        firstIndex(of: byte, in: bytes, from: 0) != nil
    }

    /// Where `byte` first is in `bytes` from `start` on, read sixteen bytes at a time: most of a
    /// text holds no `[` or `R`, and a pass a byte at a time took six times the instructions
    /// (callgrind, 60 RFCs).
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBytes { firstIndex(of: byte, in: $0, from: start) }
    }

    /// ``firstIndex(of:in:from:)`` of bytes in place (a string's, not copied to an array).
    static func firstIndex(of byte: UInt8, in raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let wanted = SIMD16<UInt8>(repeating: byte)
        var offset = max(start, 0)
        while offset + 16 <= raw.count {
            if any(raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== wanted) { break }
            offset += 16
        }
        while offset < raw.count {
            if raw[offset] == byte { return offset }
            offset += 1
        }
        return nil
    }
}
