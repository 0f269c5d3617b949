/// A record of an index-like document, such as one RFC in the RFC index.
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
    /// Keys added to the JSON of a document this entry describes (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue]
    /// Every field of the entry as its JSON object (`reader list --json` prints this).
    public var fields: [String: JSONValue]

    public init(
        id: String, title: String, authors: [String] = [], date: String? = nil, status: String? = nil,
        notices: [String] = [], annotations: [String: JSONValue] = [:], fields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.title = title
        self.authors = authors
        self.date = date
        self.status = status
        self.notices = notices
        self.annotations = annotations
        self.fields = fields
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, authors, date, status, notices, annotations, fields
    }

    // The open-ended keys travel as JSON text: an index has thousands of entries, and decoding
    // each untyped value through Codable costs a thrown error per guess.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        authors = try container.decode([String].self, forKey: .authors)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        notices = try container.decode([String].self, forKey: .notices)
        annotations = try Self.object(container, .annotations)
        fields = try Self.object(container, .fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(authors, forKey: .authors)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(notices, forKey: .notices)
        try container.encode(JSONValue.object(annotations).jsonText, forKey: .annotations)
        try container.encode(JSONValue.object(fields).jsonText, forKey: .fields)
    }

    private static func object(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String: JSONValue] {
        let text = try container.decode(String.self, forKey: key)
        guard case .object(let members)? = JSONValue(jsonText: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a JSON object")
        }
        return members
    }
}
