import ReaderJSON
import ReaderPluginAPI

/// A stored document read straight from its JSON bytes, the mirror of the writer
/// (DocumentJSON.swift); used through ``DocumentCodec``.
///
/// `JSONDecoder` took about 100 ms of the 0.34 s of `reader list` on the RFC index (9,816
/// entries, 2 MB of JSON); this reader builds the values as it meets their bytes. It accepts
/// what the `Codable` conformances accept through `JSONDecoder` — any key order, white space,
/// escapes, optional keys absent or `null`, unknown keys, the first of repeated keys — and
/// throws ``JSONReadError`` where they throw: a stored blob may have been edited by hand.
extension JSONReader {
    /// The next key of an object: its position in `names` when it is one of them and has not
    /// been met before in this object (`seen` has a bit for each); nil when its value is to be
    /// skipped, as `JSONDecoder` keeps the first of repeated keys and ignores unknown ones.
    mutating func field(_ names: [StaticString], _ seen: inout UInt32) throws -> Int? {
        let key = try key()
        guard let field = match(key, names) else { return nil }
        let bit: UInt32 = 1 << UInt32(field)
        guard seen & bit == 0 else { return nil }
        seen |= bit
        return field
    }

    func missing(_ key: String, in what: String) -> JSONReadError {
        failure("\(what) without its \"\(key)\"")
    }

    mutating func array<T>(_ element: (inout JSONReader) throws -> T) throws -> [T] {
        var values: [T] = []
        var more = try openArray()
        while more {
            values.append(try element(&self))
            more = try nextElement()
        }
        return values
    }

    // Key lists in the order of the writer's sorted keys.
    private static let documentKeys: [StaticString] = [
        "annotations", "blocks", "describedBy", "entries", "extra", "key", "label", "links", "metadata", "notes", "relations",
        "source", "status", "title",
    ]

    /// `blockStarts` is told where each block of the body starts, in bytes from the start.
    mutating func document(blockStarts: (Int) -> Void = { _ in }) throws -> Document {
        var blocks: [Block]?, describedBy: EntryReference?, entries: [Entry]?, extra: [String: JSONValue]?
        var key: String?, links: [Link]?, metadata: Metadata?, notes: [String]?, source: String?, title: String?
        var label: String?, relations: [Relation] = [], status: String?, annotations: [Annotation] = []
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.documentKeys, &seen) {
            case 0: annotations = try null() ? [] : try array { try $0.annotation() }
            case 1:
                blocks = try array { reader in
                    reader.skipSpace()
                    blockStarts(reader.index)
                    return try reader.block()
                }
            case 2: describedBy = try null() ? nil : try entryReference()
            case 3: entries = try array { try $0.entry() }
            case 4: extra = try jsonObject()
            case 5: key = try string()
            case 6: label = try optionalString()
            case 7: links = try array { try $0.link() }
            case 8: metadata = try self.metadata()
            case 9: notes = try strings()
            case 10: relations = try null() ? [] : try array { try $0.relation() }
            case 11: source = try string()
            case 12: status = try optionalString()
            case 13: title = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let blocks else { throw missing("blocks", in: "a document") }
        guard let entries else { throw missing("entries", in: "a document") }
        guard let extra else { throw missing("extra", in: "a document") }
        guard let key else { throw missing("key", in: "a document") }
        guard let links else { throw missing("links", in: "a document") }
        guard let metadata else { throw missing("metadata", in: "a document") }
        guard let notes else { throw missing("notes", in: "a document") }
        guard let source else { throw missing("source", in: "a document") }
        guard let title else { throw missing("title", in: "a document") }
        return Document(
            source: source, key: key, title: title, metadata: metadata, blocks: blocks, links: links, entries: entries,
            notes: notes, describedBy: describedBy, extra: extra, label: label, status: status, relations: relations,
            annotations: annotations)
    }

    private static let annotationKeys: [StaticString] = [
        "author", "date", "id", "kind", "notes", "quote", "replacement", "section", "status", "target",
    ]

    mutating func annotation() throws -> Annotation {
        var values: [String?] = Array(repeating: nil, count: Self.annotationKeys.count)
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            if let index = try field(Self.annotationKeys, &seen) { values[index] = try optionalString() } else { try skipValue() }
            more = try nextMember()
        }
        guard let id = values[2] else { throw missing("id", in: "an annotation") }
        guard let status = values[8] else { throw missing("status", in: "an annotation") }
        guard let target = values[9] else { throw missing("target", in: "an annotation") }
        return Annotation(
            id: id, target: target, status: status, kind: values[3], section: values[7], quote: values[5], replacement: values[6],
            notes: values[4], date: values[1], author: values[0])
    }

    private static let relationKeys: [StaticString] = ["section", "subject", "target", "targetSection", "type"]

    mutating func relation() throws -> Relation {
        var section: String?, subject: String?, target: String?, targetSection: String?, type: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.relationKeys, &seen) {
            case 0: section = try optionalString()
            case 1: subject = try optionalString()
            case 2: target = try string()
            case 3: targetSection = try optionalString()
            case 4: type = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let target else { throw missing("target", in: "a relation") }
        guard let type else { throw missing("type", in: "a relation") }
        return Relation(type: type, target: target, section: section, targetSection: targetSection, subject: subject)
    }

    private static let metadataKeys: [StaticString] = ["authors", "byline", "date", "language", "siteName", "url"]

    mutating func metadata() throws -> Metadata {
        var authors: [String]?, byline: String?, date: String?, language: String?, siteName: String?, url: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.metadataKeys, &seen) {
            case 0: authors = try strings()
            case 1: byline = try optionalString()
            case 2: date = try optionalString()
            case 3: language = try optionalString()
            case 4: siteName = try optionalString()
            case 5: url = try optionalString()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let authors else { throw missing("authors", in: "metadata") }
        return Metadata(byline: byline, authors: authors, date: date, siteName: siteName, language: language, url: url)
    }

    private static let linkKeys: [StaticString] = ["text", "url"]

    mutating func link() throws -> Link {
        var text: String?, url: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.linkKeys, &seen) {
            case 0: text = try string()
            case 1: url = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let text else { throw missing("text", in: "a link") }
        guard let url else { throw missing("url", in: "a link") }
        return Link(text: text, url: url)
    }

    private static let referenceKeys: [StaticString] = ["id", "key"]

    mutating func entryReference() throws -> EntryReference {
        var id: String?, key: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.referenceKeys, &seen) {
            case 0: id = try string()
            case 1: key = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let id else { throw missing("id", in: "describedBy") }
        guard let key else { throw missing("key", in: "describedBy") }
        return EntryReference(key: key, id: id)
    }

    private static let entryKeys: [StaticString] = [
        "annotations", "authors", "date", "fields", "id", "notices", "status", "title",
    ]

    mutating func entry() throws -> Entry {
        var annotations: String?, authors: [String]?, date: String?, fields: String?, id: String?, notices: [String]?
        var status: String?, title: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.entryKeys, &seen) {
            case 0: annotations = try objectText()
            case 1: authors = try strings()
            case 2: date = try optionalString()
            case 3: fields = try objectText()
            case 4: id = try string()
            case 5: notices = try strings()
            case 6: status = try optionalString()
            case 7: title = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let annotations else { throw missing("annotations", in: "an entry") }
        guard let authors else { throw missing("authors", in: "an entry") }
        guard let fields else { throw missing("fields", in: "an entry") }
        guard let id else { throw missing("id", in: "an entry") }
        guard let notices else { throw missing("notices", in: "an entry") }
        guard let title else { throw missing("title", in: "an entry") }
        return Entry(
            id: id, title: title, authors: authors, date: date, status: status, notices: notices, annotationsJSON: annotations,
            fieldsJSON: fields)
    }

    /// An entry's open-ended keys: a string holding one JSON object, kept as that text.
    private mutating func objectText() throws -> String {
        let start = index
        let text = try string()
        guard JSONReader.isObject(text) else {
            throw JSONReadError(offset: start, reason: "an entry's text is not a JSON object")
        }
        return text
    }
}
