import ReaderPluginAPI

/// A small JSON reader for the page's JSON-LD. Foundation cannot be used here: its ICU module
/// clashes with the ICU headers libxml2 brings in. Nesting is capped, so hostile input fails
/// instead of exhausting the stack.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth = 64

    static func parse(_ text: String) -> JSONValue? {
        var reader = JSONReader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth < maximumDepth else { return nil }
        skipSpace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            return nil
        }
        index += expected.count
        return value
    }

    private mutating func number() -> JSONValue? {
        let start = index
        while let byte = current, (byte >= 0x30 && byte <= 0x39) || "+-.eE".utf8.contains(byte) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            return nil
        }
        return .number(value)
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth + 1) else { return nil }
            if members[key] == nil { members[key] = member }
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipSpace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                return nil
            }
        }
    }

    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ end: Int) {
            if end > runStart { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while let byte = current {
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flushRun(index)
            index += 1
            guard let escaped = current else { return nil }
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"), UInt8(ascii: "f"): scalars.append(" ")
            case UInt8(ascii: "u"):
                guard var code = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escaped))
            }
            runStart = index
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        guard let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
        index += 4
        return code
    }
}
