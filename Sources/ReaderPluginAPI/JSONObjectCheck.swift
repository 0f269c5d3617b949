/// Whether a text is one JSON object, checked without building it: a stored document keeps an
/// entry's open-ended keys as JSON text, and reading an index of 10,000 entries should not
/// build 20,000 dictionaries nobody may ask for. What passes here, `JSONValue(jsonText:)`
/// reads; the check is the stricter of the two (standard number syntax, four hex digits).
/// Here, not in the document codec, because ``Entry``'s `Codable` conformance (the reference
/// form) checks the same way; `package` so that the codec's reader uses this very check.
package enum JSONObjectCheck {
    package static func isObject(_ text: String) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ check($0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { check($0) }
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{"), scanner.value(depth: 0) else { return false }
        scanner.skipSpace()
        return scanner.index == bytes.count
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            // The same depth limit as the parser's.
            guard depth < 512 else { return false }
            skipSpace()
            switch peek {
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                if take(UInt8(ascii: "}")) { return true }
                repeat {
                    skipSpace()
                    guard string() else { return false }
                    skipSpace()
                    guard take(UInt8(ascii: ":")), value(depth: depth + 1) else { return false }
                    skipSpace()
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if take(UInt8(ascii: "]")) { return true }
                repeat {
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "]"))
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return word("true")
            case UInt8(ascii: "f"): return word("false")
            case UInt8(ascii: "n"): return word("null")
            default: return number()
            }
        }

        mutating func word(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, not followed by more number bytes
        /// (the parser takes the whole run of them).
        mutating func number() -> Bool {
            _ = take(UInt8(ascii: "-"))
            if !take(UInt8(ascii: "0")) { guard digits() else { return false } }
            if take(UInt8(ascii: ".")) { guard digits() else { return false } }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() else { return false }
            }
            guard let next = peek else { return true }
            return !(isDigit(next) || "+-.eE".utf8.contains(next))
        }

        mutating func digits() -> Bool {
            let start = index
            while let byte = peek, isDigit(byte) { index += 1 }
            return index > start
        }

        func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\"") { return true }
                guard byte == UInt8(ascii: "\\") else { continue }
                guard let escape = peek else { return false }
                index += 1
                guard escape == UInt8(ascii: "u") else { continue }
                guard let code = hex4() else { return false }
                // The parser joins a high surrogate with a following `\u`, which must be low.
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                }
            }
            return false
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var code: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                code = code << 4 | UInt32(digit)
            }
            index += 4
            return code
        }
    }
}
