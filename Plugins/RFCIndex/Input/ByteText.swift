/// Byte-level helpers: the index is scanned as UTF-8 bytes, and Strings are made only per field.
enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let comma: UInt8 = 0x2C
    static let hyphen: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
}

extension UInt8 {
    var isDigit: Bool { self &- 0x30 < 10 }
    var isASCIIUpper: Bool { self &- 0x41 < 26 }
    var isASCIILower: Bool { self &- 0x61 < 26 }
    var isASCIILetter: Bool { isASCIIUpper || isASCIILower }
    var isBlank: Bool { self == Byte.space || self == Byte.tab }
    var digitValue: Int { Int(self &- 0x30) }
}

/// How the bytes of a field become a String. The index is UTF-8; an HTTP `charset` of
/// ISO-8859-1 outranks that, as the plugin API asks.
enum TextEncoding: Sendable {
    case utf8
    case latin1

    init(charset: String?) {
        switch charset?.lowercased() {
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1": self = .latin1
        default: self = .utf8
        }
    }

    func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        switch self {
        case .utf8:
            return String(decoding: slice, as: UTF8.self)
        case .latin1:
            var scalars = String.UnicodeScalarView()
            for byte in slice { scalars.append(Unicode.Scalar(byte)) }
            return String(scalars)
        }
    }
}

/// Read-only questions about a run of bytes; every range is within `text`.
struct ByteText {
    let text: UnsafeBufferPointer<UInt8>

    subscript(index: Int) -> UInt8 { text[index] }

    /// `range` without leading and trailing blanks. Inlined, like the comparisons below: they
    /// are called a few dozen times per entry, and mostly decide at their first byte.
    @inline(__always) func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, text[lower].isBlank { lower += 1 }
        while upper > lower, text[upper - 1].isBlank { upper -= 1 }
        return lower..<upper
    }

    func equals(_ range: Range<Int>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == word.count else { return false }
        var index = range.lowerBound
        for byte in word {
            if text[index] != byte { return false }
            index += 1
        }
        return true
    }

    func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { equals(range, $0) }
    }

    /// Compares with a literal; a StaticString needs no allocation or lazy global. Inlined, so
    /// that the literal's length is known: words of 4 to 16 bytes are compared as two
    /// overlapping machine words (keywords, month names), not a byte at a time.
    @inline(__always) func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard range.count == count else { return false }
        guard let base = text.baseAddress, count >= 4, count <= 16 else {
            return equals(range, UnsafeBufferPointer(start: word.utf8Start, count: count))
        }
        let here = UnsafeRawPointer(base + range.lowerBound)
        let literal = UnsafeRawPointer(word.utf8Start)
        if count >= 8 {
            return here.loadUnaligned(as: UInt64.self) == literal.loadUnaligned(as: UInt64.self)
                && here.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == literal.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        return here.loadUnaligned(as: UInt32.self) == literal.loadUnaligned(as: UInt32.self)
            && here.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                == literal.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }

    @inline(__always) func hasPrefix(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count >= word.utf8CodeUnitCount
            && equals(range.lowerBound..<range.lowerBound + word.utf8CodeUnitCount, word)
    }

    /// The first `byte` within `range`, looked for eight bytes at a time: a byte at a time,
    /// finding line ends and commas was a tenth of the parse, and the C library's `memchr`
    /// costs more in its call than the few dozen bytes it is mostly asked to search.
    @inline(__always) func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var index = range.lowerBound
        let pattern = Self.repeated(byte)
        while range.upperBound - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let hits = Self.zeroBytes(word ^ pattern)
            if hits != 0 { return index + hits.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < range.upperBound {
            if base[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The last `byte` within `range`, looked for as ``first(_:in:)`` does.
    @inline(__always) func last(_ byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var end = range.upperBound
        let pattern = Self.repeated(byte)
        while end - range.lowerBound >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self))
            let hits = Self.zeroBytesExact(word ^ pattern)
            if hits != 0 { return end - 1 - hits.leadingZeroBitCount / 8 }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if base[end] == byte { return end }
        }
        return nil
    }

    /// The last `byte` or `other` within `range`.
    @inline(__always) func last(_ byte: UInt8, or other: UInt8, in range: Range<Int>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var end = range.upperBound
        let pattern = Self.repeated(byte)
        let otherPattern = Self.repeated(other)
        while end - range.lowerBound >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self))
            let hits = Self.zeroBytesExact(word ^ pattern) | Self.zeroBytesExact(word ^ otherPattern)
            if hits != 0 { return end - 1 - hits.leadingZeroBitCount / 8 }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if base[end] == byte || base[end] == other { return end }
        }
        return nil
    }

    private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word` set, and maybe of bytes above the lowest zero
    /// (a borrow runs upward), so only the lowest set bit is to be trusted.
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bit of exactly the zero bytes of `word`: no borrow crosses bytes.
    private static func zeroBytesExact(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    /// The first `byte` followed by `next` within `range`.
    func firstPair(_ byte: UInt8, _ next: UInt8, in range: Range<Int>) -> Int? {
        var from = range.lowerBound
        while let index = first(byte, in: from..<range.upperBound) {
            guard index + 1 < range.upperBound else { return nil }
            if text[index + 1] == next { return index }
            from = index + 1
        }
        return nil
    }

    /// Calls `body` with the parts of `range` separated by `byte` followed by a blank (or
    /// ending the range), each trimmed, none empty.
    func forEachPart(_ range: Range<Int>, by byte: UInt8, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var from = range.lowerBound
        while let index = first(byte, in: from..<range.upperBound) {
            if index + 1 == range.upperBound || text[index + 1].isBlank {
                let part = trimmed(start..<index)
                if !part.isEmpty { body(part) }
                start = index + 1
            }
            from = index + 1
        }
        let last = trimmed(start..<range.upperBound)
        if !last.isEmpty { body(last) }
    }

    /// The next blank-separated word at or after `index`, advancing `index` past it.
    @inline(__always) func nextWord(_ index: inout Int, before end: Int) -> Range<Int>? {
        while index < end, text[index].isBlank { index += 1 }
        guard index < end else { return nil }
        let start = index
        while index < end, !text[index].isBlank { index += 1 }
        return start..<index
    }

    /// The number written by the digits of `range`, or nil when it holds anything else or
    /// more digits than an RFC number could have.
    @inline(__always) func number(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 9 else { return nil }
        var value = 0
        for index in range {
            guard text[index].isDigit else { return nil }
            value = value * 10 + text[index].digitValue
        }
        return value
    }

    /// The byte length of the upper-case letter at `index` (1 to 4), or 0 when there is none.
    /// Accented capitals ("Ö.") count, so initials of non-English names are recognised.
    @inline(__always) func upperLetterLength(at index: Int, before end: Int) -> Int {
        guard index < end else { return 0 }
        let byte = text[index]
        if byte < 0x80 { return byte.isASCIIUpper ? 1 : 0 }
        guard let (scalar, length) = scalar(at: index, before: end) else { return 0 }
        return scalar.properties.isUppercase ? length : 0
    }

    /// The byte length of the lower-case letter at `index`, or 0 when there is none.
    @inline(__always) func lowerLetterLength(at index: Int, before end: Int) -> Int {
        guard index < end else { return 0 }
        let byte = text[index]
        if byte < 0x80 { return byte.isASCIILower ? 1 : 0 }
        guard let (scalar, length) = scalar(at: index, before: end) else { return 0 }
        return scalar.properties.isLowercase ? length : 0
    }

    private func scalar(at index: Int, before end: Int) -> (Unicode.Scalar, Int)? {
        var iterator = UnsafeBufferPointer(rebasing: text[index..<end]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
