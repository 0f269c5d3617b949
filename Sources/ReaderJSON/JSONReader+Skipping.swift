#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Values moved past without being built: loosely, as `JSONDecoder` skips what it does not
/// decode, or checked as strictly as they would be read.
extension JSONReader {
    /// Whether `text` is one JSON object, checked without building it: a stored document keeps
    /// an entry's open-ended keys as JSON text, and reading an index of 10,000 entries should
    /// not build 20,000 dictionaries nobody may ask for. Strict (``Options/strict``): what passes
    /// here, reading builds, and so does any JSON library.
    package static func isObject(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            (try? read(bytes, options: .strict) { reader in
                guard try reader.next("an object") == UInt8(ascii: "{") else { return false }
                try reader.checkValue()
                return true
            }) ?? false
        }
    }

    /// Moves past a value checked as strictly as reading it would check it: strings decoded
    /// (and dropped), numbers in JSON's grammar, keys as keys.
    package mutating func checkValue() throws {
        switch try next("a value") {
        case UInt8(ascii: "{"):
            guard try openObject() else { return }
            repeat {
                _ = try key()
                try checkValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try openArray() else { return }
            repeat { try checkValue() } while try nextElement()
        case UInt8(ascii: "\""): _ = try stringBytes()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard take("null") else { throw failure("expected a JSON value") }
        default: _ = try numberToken("a value")
        }
    }

    /// Moves past a value nothing decodes (an unknown key's, a repeated key's) as loosely as
    /// `JSONDecoder`'s scanner does: its structure and literals must be right and its nesting
    /// within bounds, but its strings and keys are not decoded and its numbers are any run of
    /// number characters.
    package mutating func skipValue() throws {
        switch try next("a value") {
        case UInt8(ascii: "{"):
            guard try openObject() else { return }
            repeat {
                guard try next("a key") == UInt8(ascii: "\"") else { throw failure("expected a key") }
                try skipString()
                guard try next("':'") == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
                index += 1
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try openArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): guard take("true") else { throw failure("expected a JSON value") }
        case UInt8(ascii: "f"): guard take("false") else { throw failure("expected a JSON value") }
        case UInt8(ascii: "n"): guard take("null") else { throw failure("expected a JSON value") }
        case let byte where byte == UInt8(ascii: "-") || byte &- 0x30 < 10:
            index += 1
            while let byte = peek,
                byte &- 0x30 < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            {
                index += 1
            }
        default: throw failure("expected a JSON value")
        }
    }

    /// A string only scanned: an escape hides the byte after its backslash, and a `\u` the four
    /// after it, none of which may be a quote.
    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            // Up to the next quote or backslash at once (the C library's `memchr`): a document's
            // text is long strings, which `find` skips to reach one passage.
            index = Self.nextQuoteOrBackslash(in: bytes, from: index)
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw failure("a string is not closed") }
                guard bytes[index + 1] == UInt8(ascii: "u") else {
                    index += 2
                    continue
                }
                guard index + 6 <= bytes.count, !bytes[index + 2..<index + 6].contains(UInt8(ascii: "\"")) else {
                    throw failure("a \\u escape without four hex digits")
                }
                index += 6
            default:
                index += 1
            }
        }
        throw failure("a string is not closed")
    }

    /// The index of the first quote or backslash at or after `start`; `bytes.count` when none.
    private static func nextQuoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start).map {
            UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
        }
        let end = quote ?? bytes.count
        let backslash = memchr(base + start, Int32(UInt8(ascii: "\\")), end - start).map {
            UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
        }
        return backslash ?? end
    }
}
