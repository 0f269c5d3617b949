/// Bad JSON at a byte offset of the input.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int
    var message: String
}

/// A strict-enough JSON reader over bytes that returns every top-level value it finds, so one
/// response, a JSON Lines file (one response per line, as twarc writes) and an archive file
/// after its `window.YTD… =` prefix all read the same way.
///
/// Written by hand rather than with JSONSerialization to keep numbers as text (ids), to turn
/// lone surrogate escapes into U+FFFD instead of failing, and to say where the input is bad.
struct JSONParser {
    /// Deeper nesting than this is not a tweet; refusing it keeps the recursion bounded.
    static let maxDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The top-level values of `input` from byte `start`, each with the offset it starts at.
    /// A `;` after a value is skipped, as archive files may end with one.
    static func values(in input: [UInt8], from start: Int = 0) throws(JSONSyntaxError) -> [(value: JSON, offset: Int)] {
        let result: Result<[(value: JSON, offset: Int)], JSONSyntaxError> = input.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, offset: start)
            var values: [(value: JSON, offset: Int)] = []
            do throws(JSONSyntaxError) {
                while true {
                    parser.skipSeparators()
                    if parser.offset >= buffer.count { break }
                    let valueStart = parser.offset
                    values.append((try parser.value(depth: 0), valueStart))
                }
            } catch {
                return .failure(error)
            }
            return .success(values)
        }
        return try result.get()
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected \(describe(bytes[offset]))")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth <= Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth) levels") }
        offset += 1
        var fields: [String: JSON] = [:]
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            offset += 1
            fields[key] = try value(depth: depth)
            skipWhitespace()
            guard offset < bytes.count else { throw failure("unexpected end of input inside an object") }
            let next = bytes[offset]
            offset += 1
            if next == UInt8(ascii: "}") { return .object(fields) }
            guard next == UInt8(ascii: ",") else { offset -= 1; throw failure("expected ',' or '}'") }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth <= Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth) levels") }
        offset += 1
        var elements: [JSON] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard offset < bytes.count else { throw failure("unexpected end of input inside an array") }
            let next = bytes[offset]
            offset += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else { offset -= 1; throw failure("expected ',' or ']'") }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = offset
        var digits = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") && byte != UInt8(ascii: ".")
                && byte != UInt8(ascii: "e") && byte != UInt8(ascii: "E")
            {
                break
            }
            offset += 1
        }
        guard digits > 0 else { offset = start; throw failure("malformed number") }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]).elementsEqual(
                UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw failure("unexpected \(describe(bytes[offset]))") }
        offset += count
    }

    // MARK: Strings

    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = offset
        offset += 1
        let start = offset
        // Most strings have no escapes: decode them straight from the input.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            offset += 1
        }
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: buffer, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else { buffer.append(byte); continue }
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"): UTF8.encode(try unicodeEscape()) { buffer.append($0) }
            default:
                offset -= 2
                throw failure("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))' in a string")
            }
        }
        offset = opening
        throw failure("unterminated string")
    }

    /// The scalar of `\uXXXX` (the `\u` already read). JSON writes astral characters such as
    /// emoji as a surrogate pair of escapes (`\ud83c\udfb6`); a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                let resume = offset
                offset += 2
                let second = try hex4()
                if (0xDC00...0xDFFF).contains(second) {
                    return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
                }
                offset = resume  // not a low surrogate: read it as an escape of its own
            }
            return "\u{FFFD}"
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// White space, and the `;` an archive file may end its array with.
    private mutating func skipSeparators() {
        while offset < bytes.count {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else { return }
            offset += 1
        }
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: message)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
