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
    // The two texts are stored under names of their own: the initializers are in the
    // extension below and hand the values to the memberwise initializer, whose labels must
    // differ from theirs. An initializer that sets each property copies the whole entry once
    // more before returning it (a retain and a release of each String): a tenth of the time
    // of reading the RFC index.
    private var annotationsText: String
    private var fieldsText: String

    /// ``annotations`` as compact JSON text with its keys sorted (``JSONValue/jsonText``).
    public var annotationsJSON: String { annotationsText }
    /// ``fields`` as compact JSON text with its keys sorted (``JSONValue/jsonText``).
    public var fieldsJSON: String { fieldsText }

    /// Keys added to the JSON of a document this entry describes (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue] {
        get { Self.members(annotationsText) }
        set { annotationsText = JSONValue.object(newValue).jsonText }
    }

    /// Every field of the entry as its JSON object (`reader list --json` prints this).
    public var fields: [String: JSONValue] {
        get { Self.members(fieldsText) }
        set { fieldsText = JSONValue.object(newValue).jsonText }
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

    /// An entry whose open-ended keys a module has already written as JSON objects, for a
    /// module that makes thousands of entries. Each text must be what ``JSONValue/jsonText``
    /// writes for the object (compact, keys sorted, the same escapes): entries are equal when
    /// their texts are, so text written any other way would differ from an equal dictionary's.
    public init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotationsJSON: String, fieldsJSON: String
    ) {
        self.init(
            id: id, title: title, authors: authors, date: date, status: status, notices: notices,
            annotationsText: annotationsJSON, fieldsText: fieldsJSON)
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
        try container.encode(annotationsText, forKey: .annotations)
        try container.encode(fieldsText, forKey: .fields)
    }

    private static func objectText(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String {
        let text = try container.decode(String.self, forKey: key)
        guard JSONObjectCheck.isObject(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a JSON object")
        }
        return text
    }
}
