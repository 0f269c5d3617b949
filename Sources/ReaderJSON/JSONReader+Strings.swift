/// Strings as `JSONDecoder` decodes them: valid UTF-8, no raw control character, the JSON
/// escapes only, a `\u` high surrogate always followed by a `\u` low one. With
/// ``JSONReader/Options/repairsText`` the first, second and last are repaired instead (U+FFFD,
/// the character kept, U+FFFD), as a browser shows such text.
///
/// Strings are most of a document's bytes, so they are scanned eight bytes at a time
/// (`specialBytes`); the RFC index's entries keep JSON text, with an escape every few bytes.
extension JSONReader {
    /// Reads the string whose opening quote is at `index`, up to and past its closing quote.
    /// True when it has no escape, so that its bytes are the input's; false when its decoded
    /// bytes are in `scratch`.
    package mutating func stringBytes() throws -> Bool {
        index += 1
        let start = index
        var high: UInt64 = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = Self.word(at: base + index)
                let special = Self.specialBytes(word)
                // Bytes past ASCII after the string's end only cost a needless check.
                high |= word
                guard special == 0 else {
                    index += special.trailingZeroBitCount &>> 3
                    break
                }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard
                    high & Self.highBits == 0 || options.repairsText
                        || Self.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                else {
                    throw JSONReadError(offset: start, reason: "a string is not valid UTF-8")
                }
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                try escapedString(from: start, ascii: high & Self.highBits == 0)
                return false
            }
            guard byte >= 0x20 || options.repairsText else { throw failure("a raw control character in a string") }
            high |= UInt64(byte)
            index += 1
        }
        throw failure("a string is not closed")
    }

    /// The rest of a string that has escapes, decoded into `scratch`; `index` is at the first
    /// `\`, and `ascii` says whether the bytes before it were all ASCII.
    private mutating func escapedString(from start: Int, ascii asciiSoFar: Bool) throws {
        // Decoded, a string is never longer than its JSON: the rest of the input, and a word of
        // slack for the copy below, bound it, so that nothing checks for room. (Memory is only
        // touched as far as it is written.)
        let out = scratch.room(bytes.count - start + 8)
        guard let base = bytes.baseAddress else { throw failure("a string is not closed") }
        out.initialize(from: base + start, count: index - start)
        var count = index - start
        var position = index
        var high: UInt64 = asciiSoFar ? 0 : 0x80
        while true {
            // Plain bytes are copied a word at a time, the word that holds the next special
            // byte included: what follows that byte is overwritten next.
            while position + 8 <= bytes.count {
                let word = Self.word(at: base + position)
                UnsafeMutableRawPointer(out + count).storeBytes(of: word, as: UInt64.self)
                let special = Self.specialBytes(word)
                high |= word
                guard special == 0 else {
                    let offset = special.trailingZeroBitCount &>> 3
                    position += offset
                    count += offset
                    break
                }
                position += 8
                count += 8
            }
            guard position < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                index = position
                scratch.count = count
                guard high & Self.highBits == 0 || options.repairsText || Self.isValidUTF8(scratch.bytes) else {
                    throw JSONReadError(offset: start, reason: "a string is not valid UTF-8")
                }
                return
            case UInt8(ascii: "\\"):
                // The escaped quote of JSON text held in a string, first.
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                    out[count] = UInt8(ascii: "\"")
                    count += 1
                    position += 1
                } else {
                    index = position
                    try escape(into: out, &count)
                    position = index
                }
            case 0..<0x20 where !options.repairsText:
                index = position - 1
                throw failure("a raw control character in a string")
            default:
                // A plain byte near the end of the input, where no whole word is left.
                high |= UInt64(byte)
                out[count] = byte
                count += 1
            }
        }
    }

    /// The high bit of each of eight bytes: set in a byte past ASCII.
    @inline(__always) private static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Eight bytes from `pointer`, the first one lowest, whatever the machine's byte order.
    @inline(__always) private static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that may end a run of plain string bytes: a quote,
    /// a backslash or a control character. A borrow can set one beside a true one, never below
    /// it: the lowest is always true. Bytes past ASCII are left to `isValidUTF8`.
    @inline(__always) private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // Below 0x20, or zero after the XOR; the complements clear bytes past ASCII.
        return ((word &- ones &* 0x20) | (quote &- ones) | (backslash &- ones)) & ~word & ~quote & ~backslash
            & highBits
    }

    /// One escape, after its backslash, written at `out[count]`: never more bytes than the
    /// escape itself.
    private mutating func escape(into out: UnsafeMutablePointer<UInt8>, _ count: inout Int) throws {
        let backslash = index - 1
        guard index < bytes.count else { throw failure("a string is not closed") }
        let letter = bytes[index]
        index += 1
        let simple: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "u"):
            Self.writeUTF8(try scalarEscape(backslash: backslash), into: out, &count)
            return
        default:
            throw JSONReadError(offset: backslash, reason: "an unknown escape in a string")
        }
        out[count] = simple
        count += 1
    }

    /// The scalar of a `\u` escape (its `\u` read), joined with the low surrogate escape that
    /// must follow a high one. Repairing, a lone surrogate is U+FFFD and what follows it is
    /// read on its own.
    private mutating func scalarEscape(backslash: Int) throws -> UInt32 {
        let scalar = try hex4()
        if scalar & 0xFC00 == 0xD800 {
            let resume = index
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try hex4()
                if low & 0xFC00 == 0xDC00 { return 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) }
            }
            guard options.repairsText else {
                throw JSONReadError(offset: backslash, reason: "a high surrogate without its low surrogate")
            }
            index = resume
            return 0xFFFD
        }
        if scalar & 0xFC00 == 0xDC00 {
            guard options.repairsText else {
                throw JSONReadError(offset: backslash, reason: "a low surrogate without its high surrogate")
            }
            return 0xFFFD
        }
        return scalar
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape without four hex digits") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape without four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// `scalar` (not a surrogate, at most 0x10FFFF) as UTF-8.
    private static func writeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>, _ count: inout Int) {
        switch scalar {
        case ..<0x80:
            out[count] = UInt8(scalar)
            count += 1
        case ..<0x800:
            out[count] = UInt8(0xC0 | scalar >> 6)
            out[count + 1] = UInt8(0x80 | scalar & 0x3F)
            count += 2
        case ..<0x10000:
            out[count] = UInt8(0xE0 | scalar >> 12)
            out[count + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[count + 2] = UInt8(0x80 | scalar & 0x3F)
            count += 3
        default:
            out[count] = UInt8(0xF0 | scalar >> 18)
            out[count + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[count + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[count + 3] = UInt8(0x80 | scalar & 0x3F)
            count += 4
        }
    }

    /// Well-formed UTF-8 as Unicode defines it: no overlong form, no surrogate, nothing past
    /// U+10FFFF. `String(decoding:)` would quietly repair what `JSONDecoder` refuses.
    package static func isValidUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xED: length = 3; high = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; low = 0x90
            case 0xF4: length = 4; high = 0x8F
            case 0xF1...0xF3: length = 4
            default: return false
            }
            guard index + length <= count, (low...high).contains(text[index + 1]) else { return false }
            for next in index + 2..<index + length where text[next] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
