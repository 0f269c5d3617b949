package import ReaderJSON

/// JSON text for ``JSONValue`` without Foundation: compact, keys sorted, so that equal values
/// always give equal text. Entries keep their open-ended keys in this form inside stored
/// documents, because decoding thousands of untyped values through `Codable` is slow. Written
/// and read by the tree's one JSON writer and reader (Sources/ReaderJSON).
extension JSONValue {
    /// Compact JSON text, keys sorted.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }

    /// Parses JSON text; nil when it is not JSON (as RFC 8259 has it: no trailing commas).
    public init?(jsonText: String) {
        var text = jsonText
        let value = text.withUTF8 { bytes in try? JSONReader.read(bytes, options: .strict) { try $0.jsonValue() } }
        guard let value else { return nil }
        self = value
    }
}

extension JSONWriter {
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let value): bool(value)
        case .number(let value): number(value)
        case .string(let value): string(value)
        case .array(let values): array(values) { $0.value($1) }
        case .object(let members):
            byte(UInt8(ascii: "{"))
            // The keys sorted where they are, on the stack: a module's metadata holds an
            // object for each section of a document (`{"number", "title"}`), and an array of
            // keys made for each was one allocation a section.
            withUnsafeTemporaryAllocation(of: String.self, capacity: members.count) { buffer in
                var keys = buffer
                _ = keys.initialize(from: members.keys)
                keys.sort()
                for (index, key) in keys.enumerated() {
                    self.key(key, first: index == 0)
                    if let member = members[key] { self.value(member) }
                }
                keys.deinitialize()
            }
            byte(UInt8(ascii: "}"))
        }
    }
}

extension JSONReader {
    /// A value as ``JSONValue``: numbers as Doubles, the first of two equal keys kept (as
    /// `JSONDecoder` keeps it).
    package mutating func jsonValue() throws -> JSONValue {
        switch try next("a value") {
        case UInt8(ascii: "n"):
            guard take("null") else { throw failure("expected a JSON value") }
            return .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try bool())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            var values: [JSONValue] = []
            var more = try openArray()
            while more {
                values.append(try jsonValue())
                more = try nextElement()
            }
            return .array(values)
        case UInt8(ascii: "{"): return .object(try jsonObject())
        default: return .number(try double())
        }
    }

    package mutating func jsonObject() throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        var more = try openObject()
        while more {
            let name = try memberName()
            if members[name] == nil { members[name] = try jsonValue() } else { try skipValue() }
            more = try nextMember()
        }
        return members
    }
}
