internal import ReaderJSON

/// A record of an index-like document, such as one RFC in the RFC index.
///
/// The open-ended keys (`annotations`, `fields`) are held as their JSON text, the form a stored
/// document keeps them in: an index has thousands of entries, and building (or decoding) a
/// dictionary of untyped values for each costs more than reading the whole index. The
/// dictionaries are made from the text when asked for. For the same reason the RFC index
/// module has the title and authors read from its fields' text, which its entries share
/// (``init(id:date:status:notices:annotationsJSON:fieldsJSON:titleOffset:authorsOffset:)``,
/// `package`: its rule is one a module outside this package could not check).
public struct Entry: Sendable, Hashable, Codable {
    /// Unique within its document (`793`); what `reader open` and ``EntryReference`` name.
    public var id: String
    /// ISO 8601 (`1981-09`, `1990-04-01`).
    public var date: String?
    public var status: String?
    /// Lines shown as a banner over a document this entry describes ("Obsoleted by RFC 9293").
    public var notices: [String]
    // The stored properties are set through the memberwise initializer (the initializers are
    // in the extension below): an initializer that sets each property copies the whole entry
    // once more before returning it (a retain and a release of each String), a tenth of the
    // time of reading the RFC index.
    /// The two texts may be parts of a text that the entries of one index share: one String
    /// for hundreds of entries rather than one each. Package-wide for the engine's document
    /// codec, which writes them without making Strings of them; a module never sees them.
    package private(set) var annotationsStorage: AnnotationsText
    package private(set) var fieldsText: Substring
    package private(set) var names: EntryNames

    /// Where an entry keeps its annotations' JSON text: one reference or one number in each
    /// entry rather than a Substring (16 to 24 bytes less each, for a million entries).
    package enum AnnotationsText: Sendable {
        /// The next `count` UTF-8 bytes after the fields, in the same String: where the RFC
        /// index module writes them.
        case afterFields(count: Int32)
        /// Text of its own, or text many entries share (made once, the box is shared).
        case shared(Text)

        /// A JSON text held by reference: 8 bytes in each entry rather than a Substring's 32.
        package final class Text: Sendable {
            let text: Substring
            init(_ text: Substring) { self.text = text }
        }

        package static func text(_ text: Substring) -> AnnotationsText { .shared(Text(text)) }
    }

    package var annotationsText: Substring {
        switch annotationsStorage {
        case .shared(let box): return box.text
        case .afterFields(let count):
            let base = fieldsText.base
            return base[fieldsText.endIndex..<base.utf8.index(fieldsText.endIndex, offsetBy: Int(count))]
        }
    }

    public var title: String {
        get { names.title(in: fieldsText) }
        set { names = .given(title: newValue, authors: authors) }
    }

    public var authors: [String] {
        get { names.authors(in: fieldsText) }
        set { names = .given(title: title, authors: newValue) }
    }

    /// ``annotations`` as compact JSON text with its keys sorted (``JSONValue/jsonText``), as
    /// stored. `package`, as is all about the text: a module sees the dictionaries.
    package var annotationsJSON: String { String(annotationsText) }
    /// ``fields`` as compact JSON text with its keys sorted (``JSONValue/jsonText``), as stored.
    package var fieldsJSON: String { String(fieldsText) }

    /// Keys added to the JSON of a document this entry describes (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue] {
        get { Self.members(String(annotationsText)) }
        set { annotationsStorage = .text(Substring(JSONValue.object(newValue).jsonText)) }
    }

    /// Every field of the entry as its JSON object (`reader list --json` prints this).
    public var fields: [String: JSONValue] {
        get { Self.members(String(fieldsText)) }
        set {
            // Title and authors read from the old fields keep their values.
            if case .inFields = names { names = .given(title: title, authors: authors) }
            // Annotations kept after the old fields stay what they were.
            if case .afterFields = annotationsStorage { annotationsStorage = .text(annotationsText) }
            fieldsText = Substring(JSONValue.object(newValue).jsonText)
        }
    }

    private static func members(_ text: String) -> [String: JSONValue] {
        // Only text written by `jsonText`, by a module as the initializer asks, or checked on
        // decoding gets here.
        JSONValue(jsonText: text)?.objectValue ?? [:]
    }
}

extension Entry {
    public init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotations: [String: JSONValue] = [:], fields: [String: JSONValue] = [:]
    ) {
        self.init(
            id: id, title: title, authors: authors, date: date, status: status, notices: notices,
            annotationsJSON: JSONValue.object(annotations).jsonText, fieldsJSON: JSONValue.object(fields).jsonText)
    }

    /// An entry whose open-ended keys are already JSON objects as text: the store's form, read
    /// back. Each text must be what ``JSONValue/jsonText`` writes for the object (compact, keys
    /// sorted, the same escapes): entries are equal when their texts are, so text written any
    /// other way would differ from an equal dictionary's. `package`: a rule a module has no way
    /// to check, and no need of (it hands over dictionaries).
    package init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotationsJSON: String, fieldsJSON: String
    ) {
        self.init(
            id: id, date: date, status: status, notices: notices, annotationsStorage: .text(Substring(annotationsJSON)),
            fieldsText: Substring(fieldsJSON), names: .given(title: title, authors: authors))
    }

    /// An entry whose title and authors are the "title" (a string) and "authors" (an array of
    /// strings) members of its fields, for an index module that writes them there anyway: the
    /// entry reads them from there when asked, and holds no Strings of its own for them.
    ///
    /// The two texts are written as for the initializer above. Each may be a part of a longer
    /// text, such as the JSON of hundreds of entries written one after the other, which the
    /// entries then share. `titleOffset` and `authorsOffset` are the UTF-8 offsets in
    /// `fieldsJSON` at which the two members' values start, which the module knows as it
    /// writes them; when a value is not there, the member is looked up.
    ///
    /// `package`, not `public`: the RFC index module's speed, with a rule (offsets into text
    /// written as ``JSONValue/jsonText`` writes it) that a module built against `ModuleKit/`
    /// has no way to check, so it is not part of the module API.
    package init(
        id: String, date: String? = nil, status: String? = nil, notices: [String] = [], annotationsJSON: Substring,
        fieldsJSON: Substring, titleOffset: Int, authorsOffset: Int
    ) {
        self.init(
            id: id, date: date, status: status, notices: notices, annotations: .text(annotationsJSON), fieldsJSON: fieldsJSON,
            titleOffset: titleOffset, authorsOffset: authorsOffset)
    }

    /// The initializer above, with the annotations where the module keeps them: after the
    /// fields in the same text, or one text that many entries share (made once, so they share
    /// its box too). An offset past 2^31 is read as a miss, and the member is looked up.
    package init(
        id: String, date: String? = nil, status: String? = nil, notices: [String] = [], annotations: AnnotationsText,
        fieldsJSON: Substring, titleOffset: Int, authorsOffset: Int
    ) {
        self.init(
            id: id, date: date, status: status, notices: notices, annotationsStorage: annotations, fieldsText: fieldsJSON,
            names: .inFields(title: Int32(clamping: titleOffset), authors: Int32(clamping: authorsOffset)))
    }
}

extension Entry {
    // Equal when every property is, as the synthesized conformance had it, whichever way the
    // title and authors are held.
    public static func == (lhs: Entry, rhs: Entry) -> Bool {
        guard lhs.id == rhs.id, lhs.date == rhs.date, lhs.status == rhs.status, lhs.notices == rhs.notices,
            lhs.annotationsText == rhs.annotationsText, lhs.fieldsText == rhs.fieldsText
        else { return false }
        return lhs.title == rhs.title && lhs.authors == rhs.authors
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(authors)
        hasher.combine(date)
        hasher.combine(status)
        hasher.combine(notices)
        hasher.combine(annotationsText)
        hasher.combine(fieldsText)
    }
}

extension Entry {
    private enum CodingKeys: String, CodingKey {
        case id, title, authors, date, status, notices, annotations, fields
    }

    // The stored form has always carried the two objects as JSON text; it is kept as read,
    // after a check that it is a JSON object, so decoding an index builds no dictionaries.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            authors: try container.decode([String].self, forKey: .authors),
            date: try container.decodeIfPresent(String.self, forKey: .date),
            status: try container.decodeIfPresent(String.self, forKey: .status),
            notices: try container.decode([String].self, forKey: .notices),
            annotationsJSON: try Self.objectText(container, .annotations),
            fieldsJSON: try Self.objectText(container, .fields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(authors, forKey: .authors)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(notices, forKey: .notices)
        try container.encode(String(annotationsText), forKey: .annotations)
        try container.encode(String(fieldsText), forKey: .fields)
    }

    private static func objectText(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String {
        let text = try container.decode(String.self, forKey: key)
        guard JSONReader.isObject(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a JSON object")
        }
        return text
    }
}
