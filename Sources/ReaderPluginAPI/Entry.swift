/// A record of an index-like document, such as one RFC in the RFC index.
///
/// The open-ended keys (`annotations`, `fields`) are held as their JSON text, the form a stored
/// document keeps them in: an index has thousands of entries, and building (or decoding) a
/// dictionary of untyped values for each costs more than reading the whole index. The
/// dictionaries are made from the text when asked for.
public struct Entry: Sendable, Hashable, Codable {
    /// Unique within its document (`793`); what `reader open` and ``EntryReference`` name.
    public var id: String
    public var title: String
    public var authors: [String]
    /// ISO 8601 (`1981-09`, `1990-04-01`).
    public var date: String?
    public var status: String?
    /// Lines shown as a banner over a document this entry describes ("Obsoleted by RFC 9293").
    public var notices: [String]
    /// ``annotations`` as compact JSON text with its keys sorted (``JSONValue/jsonText``).
    public private(set) var annotationsJSON: String
    /// ``fields`` as compact JSON text with its keys sorted (``JSONValue/jsonText``).
    public private(set) var fieldsJSON: String

    /// Keys added to the JSON of a document this entry describes (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue] {
        get { Self.members(annotationsJSON) }
        set { annotationsJSON = JSONValue.object(newValue).jsonText }
    }

    /// Every field of the entry as its JSON object (`reader list --json` prints this).
    public var fields: [String: JSONValue] {
        get { Self.members(fieldsJSON) }
        set { fieldsJSON = JSONValue.object(newValue).jsonText }
    }

    public init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotations: [String: JSONValue] = [:], fields: [String: JSONValue] = [:]
    ) {
        self.init(
            id: id, title: title, authors: authors, date: date, status: status, notices: notices,
            annotationsJSON: JSONValue.object(annotations).jsonText, fieldsJSON: JSONValue.object(fields).jsonText)
    }

    /// An entry whose open-ended keys a module has already written as JSON objects, for a
    /// module that makes thousands of entries. Each text must be what ``JSONValue/jsonText``
    /// writes for the object (compact, keys sorted, the same escapes): entries are equal when
    /// their texts are, so text written any other way would differ from an equal dictionary's.
    public init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotationsJSON: String, fieldsJSON: String
    ) {
        self.id = id
        self.title = title
        self.authors = authors
        self.date = date
        self.status = status
        self.notices = notices
        self.annotationsJSON = annotationsJSON
        self.fieldsJSON = fieldsJSON
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, authors, date, status, notices, annotations, fields
    }

    // The stored form has always carried the two objects as JSON text; it is kept as read,
    // after a check that it is a JSON object, so decoding an index builds no dictionaries.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        authors = try container.decode([String].self, forKey: .authors)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        notices = try container.decode([String].self, forKey: .notices)
        annotationsJSON = try Self.objectText(container, .annotations)
        fieldsJSON = try Self.objectText(container, .fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(authors, forKey: .authors)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(notices, forKey: .notices)
        try container.encode(annotationsJSON, forKey: .annotations)
        try container.encode(fieldsJSON, forKey: .fields)
    }

    private static func objectText(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String {
        let text = try container.decode(String.self, forKey: key)
        guard JSONObjectCheck.isObject(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a JSON object")
        }
        return text
    }

    private static func members(_ text: String) -> [String: JSONValue] {
        // Only text that passed the check above or was written by `jsonText` gets here.
        JSONValue(jsonText: text)?.objectValue ?? [:]
    }
}
