package import ReaderJSON

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
            let read = Self.read(fields, at: offset) { reader in
                reader.isAtValue(of: "title") && reader.peek == UInt8(ascii: "\"") ? try reader.string() : nil
            }
            return read ?? Self.lookUp(fields)["title"]?.stringValue ?? ""
        }
    }

    package func authors(in fields: Substring) -> [String] {
        switch self {
        case .givenNames(let given): return given.authors
        case .inFields(_, let offset):
            let read = Self.read(fields, at: offset) { reader in
                reader.isAtValue(of: "authors") && reader.peek == UInt8(ascii: "[") ? try reader.strings() : nil
            }
            return read ?? Self.strings(Self.lookUp(fields)["authors"])
        }
    }

    /// The members of the fields, for offsets that were not where the module said.
    private static func lookUp(_ fields: Substring) -> [String: JSONValue] {
        JSONValue(jsonText: String(fields))?.objectValue ?? [:]
    }

    /// What `body` reads from the fields' JSON at `offset`; nil when it reads nothing or the
    /// text there is not what it expects. `package`: the document codec copies plain names
    /// from there.
    package static func read<T>(_ fields: Substring, at offset: Int32, _ body: (inout JSONReader) throws -> T?) -> T? {
        // Contiguous already (a part of a native String): no copy.
        var fields = fields
        return fields.withUTF8 { bytes in (try? JSONReader.scan(bytes, from: Int(offset), body)) ?? nil }
    }

    /// The string elements of an array.
    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap(\.stringValue)
    }
}
