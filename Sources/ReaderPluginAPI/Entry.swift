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
}
