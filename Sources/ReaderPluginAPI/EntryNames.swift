/// Where an ``Entry`` keeps its title and authors: as Strings of their own, or as the "title"
/// and "authors" members of its fields, which an index module writes there anyway. Read from
/// the fields, an entry of the RFC index holds no String or array of its own for them: making
/// and freeing those was a fifth of the time of reading the index. `package`: the document
/// codec (Sources/DocumentJSON) writes the names straight from the fields' bytes.
package enum EntryNames: Sendable {
    /// Names an entry holds as Strings of its own.
    package final class Given: Sendable {
        let title: String
        let authors: [String]
        init(title: String, authors: [String]) {
            self.title = title
            self.authors = authors
        }
    }

    static func given(title: String, authors: [String]) -> EntryNames {
        .givenNames(Given(title: title, authors: authors))
    }

    /// Boxed: every entry pays for the largest case, and an index's entries hold theirs in
    /// the fields (a million entries: 16 bytes each).
    case givenNames(Given)
    /// The UTF-8 offsets in the fields text at which the two members' values start, as the
    /// module said. They are checked when read, not when the entry is made: most entries of
    /// an index are never asked for their title in the process that parsed it.
    case inFields(title: Int32, authors: Int32)

    package func title(in fields: Substring) -> String {
        switch self {
        case .givenNames(let given): return given.title
        case .inFields(let offset, _):
            let read = Self.read(fields) { bytes in
                var reader = JSONMemberReader(bytes: bytes, index: Int(offset))
                return reader.isValue(of: "title", opening: UInt8(ascii: "\"")) ? reader.string() : nil
            }
            return read ?? Self.lookUp(fields)["title"]?.stringValue ?? ""
        }
    }

    package func authors(in fields: Substring) -> [String] {
        switch self {
        case .givenNames(let given): return given.authors
        case .inFields(_, let offset):
            let read = Self.read(fields) { bytes in
                var reader = JSONMemberReader(bytes: bytes, index: Int(offset))
                return reader.isValue(of: "authors", opening: UInt8(ascii: "[")) ? reader.strings() : nil
            }
            return read ?? Self.strings(Self.lookUp(fields)["authors"])
        }
    }

    /// The members of the fields, for offsets that were not where the module said.
    private static func lookUp(_ fields: Substring) -> [String: JSONValue] {
        JSONValue(jsonText: String(fields))?.objectValue ?? [:]
    }

    package static func read<T>(_ fields: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        // Contiguous already (a part of a native String): no copy.
        var fields = fields
        return fields.withUTF8(body)
    }

    /// The string elements of an array.
    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap(\.stringValue)
    }
}

/// Reads one member's value out of an entry's fields text: strings without escapes (nearly
/// every title and name) are made straight from their bytes; anything else goes through the
/// general parser. `package` for the document codec, which writes plain names from here.
package struct JSONMemberReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int

    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Whether a value starting with `opening` is at `index`, after `{` or `,`, `key` in
    /// quotes and `:`, as a module writes a member.
    package func isValue(of key: StaticString, opening: UInt8) -> Bool {
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
        let start = index
        var plain: String?
        if forEachPlain(array: false, { plain = String(decoding: $0, as: UTF8.self) }) { return plain }
        index = start
        return parsed()?.stringValue
    }

    /// The string elements of the array starting at `index`.
    mutating func strings() -> [String]? {
        let start = index
        var elements: [String] = []
        if forEachPlain(array: true, { elements.append(String(decoding: $0, as: UTF8.self)) }) { return elements }
        // Written another way (blanks, escapes, other values): the general parser.
        index = start
        return EntryNames.strings(parsed())
    }

    /// Calls `body` with the bytes of the string at `index` or, for an `array`, of each string
    /// of the array there, while each is plain: in quotes, without escapes, as a module writes
    /// nearly every title and name. False at the first value that is not.
    package mutating func forEachPlain(array: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard array else { return plainString(body) }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return true }
        while plainString(body), index < bytes.count {
            if bytes[index] == UInt8(ascii: "]") { return true }
            guard bytes[index] == UInt8(ascii: ","), index + 1 < bytes.count else { return false }
            index += 1
        }
        return false
    }

    /// The string starting at `index` when it has no escapes; then `index` is moved past it.
    private mutating func plainString(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return false }
            end += 1
        }
        guard end < bytes.count else { return false }
        body(UnsafeBufferPointer(rebasing: bytes[index + 1..<end]))
        index = end + 1
        return true
    }

    private func parsed() -> JSONValue? {
        var parser = JSONTextParser(Array(bytes[index...]))
        return parser.value(depth: 0)
    }
}
