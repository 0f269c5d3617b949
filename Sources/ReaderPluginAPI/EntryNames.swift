/// Where an ``Entry`` keeps its title and authors: as Strings of their own, or as the "title"
/// and "authors" members of its fields, which an index module writes there anyway. Read from
/// the fields, an entry of the RFC index holds no String or array of its own for them: making
/// and freeing those was a fifth of the time of reading the index.
enum EntryNames: Sendable {
    case given(title: String, authors: [String])
    /// The UTF-8 offsets in the fields text at which the two members' values start, as the
    /// module said. They are checked when read, not when the entry is made: most entries of
    /// an index are never asked for their title in the process that parsed it.
    case inFields(title: Int, authors: Int)

    func title(in fields: Substring) -> String {
        switch self {
        case .given(let title, _): return title
        case .inFields(let offset, _):
            let read = Self.read(fields) { bytes in
                var reader = JSONMemberReader(bytes: bytes, index: offset)
                return reader.isValue(of: "title", opening: UInt8(ascii: "\"")) ? reader.string() : nil
            }
            return read ?? Self.lookUp(fields)["title"]?.stringValue ?? ""
        }
    }

    func authors(in fields: Substring) -> [String] {
        switch self {
        case .given(_, let authors): return authors
        case .inFields(_, let offset):
            let read = Self.read(fields) { bytes in
                var reader = JSONMemberReader(bytes: bytes, index: offset)
                return reader.isValue(of: "authors", opening: UInt8(ascii: "[")) ? reader.strings() : nil
            }
            return read ?? Self.strings(Self.lookUp(fields)["authors"])
        }
    }

    /// The members of the fields, for offsets that were not where the module said.
    private static func lookUp(_ fields: Substring) -> [String: JSONValue] {
        JSONValue(jsonText: String(fields))?.objectValue ?? [:]
    }

    private static func read<T>(_ fields: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        if let value = fields.utf8.withContiguousStorageIfAvailable(body) { return value }
        return Array(fields.utf8).withUnsafeBufferPointer(body)
    }

    /// The string elements of an array.
    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap(\.stringValue)
    }
}

/// Reads one member's value out of an entry's fields text: strings without escapes (nearly
/// every title and name) are made straight from their bytes; anything else goes through the
/// general parser.
private struct JSONMemberReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    /// Whether a value starting with `opening` is at `index`, after `{` or `,`, `key` in
    /// quotes and `:`, as a module writes a member.
    func isValue(of key: StaticString, opening: UInt8) -> Bool {
        let keyStart = index - key.utf8CodeUnitCount - 2
        guard keyStart >= 2, index < bytes.count, bytes[index] == opening, bytes[index - 1] == UInt8(ascii: ":"),
            bytes[index - 2] == UInt8(ascii: "\""), bytes[keyStart - 1] == UInt8(ascii: "\""),
            bytes[keyStart - 2] == UInt8(ascii: "{") || bytes[keyStart - 2] == UInt8(ascii: ",")
        else { return false }
        for offset in 0..<key.utf8CodeUnitCount where bytes[keyStart + offset] != key.utf8Start[offset] { return false }
        return true
    }

    /// The string starting at `index`, or nil when there is none.
    mutating func string() -> String? {
        plainString() ?? parsed()?.stringValue
    }

    /// The string elements of the array starting at `index`.
    mutating func strings() -> [String]? {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var elements: [String] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return elements }
        while let element = plainString(), index < bytes.count {
            elements.append(element)
            if bytes[index] == UInt8(ascii: "]") { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        // Written another way (blanks, escapes, other values): the general parser.
        index = start
        return EntryNames.strings(parsed())
    }

    /// The string starting at `index` when it has no escapes; then `index` is moved past it.
    private mutating func plainString() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        defer { index = end + 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<end]), as: UTF8.self)
    }

    private func parsed() -> JSONValue? {
        var parser = JSONTextParser(Array(bytes[index...]))
        return parser.value(depth: 0)
    }
}
