/// Strings as `JSONDecoder` decodes them: valid UTF-8, no raw control character, the JSON
/// escapes only, a `\u` high surrogate always followed by a `\u` low one.
extension JSONByteReader {
    /// Reads the string whose opening quote is at `index`, up to and past its closing quote.
    /// True when it has no escape, so that its bytes are the input's; false when its decoded
    /// bytes are in `scratch`.
    mutating func stringBytes() throws -> Bool {
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard ascii || Self.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index])) else {
                    throw DocumentJSONError(offset: start, reason: "a string is not valid UTF-8")
                }
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                try escapedString(from: start, ascii: ascii)
                return false
            }
            guard byte >= 0x20 else { throw failure("a raw control character in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("a string is not closed")
    }

    /// The rest of a string that has escapes, decoded into `scratch`; `index` is at the first
    /// `\`, and `ascii` says whether the bytes before it were all ASCII.
    private mutating func escapedString(from start: Int, ascii asciiSoFar: Bool) throws {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        var ascii = asciiSoFar
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                guard ascii || scratch.withUnsafeBufferPointer(Self.isValidUTF8) else {
                    throw DocumentJSONError(offset: start, reason: "a string is not valid UTF-8")
                }
                return
            }
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                try escape()
                runStart = index
                continue
            }
            guard byte >= 0x20 else { throw failure("a raw control character in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("a string is not closed")
    }

    /// One escape, after its backslash, appended to `scratch`.
    private mutating func escape() throws {
        let backslash = index - 1
        guard index < bytes.count else { throw failure("a string is not closed") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if scalar & 0xFC00 == 0xD800 {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw DocumentJSONError(offset: backslash, reason: "a high surrogate without its low surrogate")
                }
                index += 2
                let low = try hex4()
                guard low & 0xFC00 == 0xDC00 else {
                    throw DocumentJSONError(offset: backslash, reason: "a high surrogate without its low surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar & 0xFC00 == 0xDC00 {
                throw DocumentJSONError(offset: backslash, reason: "a low surrogate without its high surrogate")
            }
            appendUTF8(scalar)
        default:
            throw DocumentJSONError(offset: backslash, reason: "an unknown escape in a string")
        }
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
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Well-formed UTF-8 as Unicode defines it: no overlong form, no surrogate, nothing past
    /// U+10FFFF. `String(decoding:)` would quietly repair what `JSONDecoder` refuses.
    static func isValidUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
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
