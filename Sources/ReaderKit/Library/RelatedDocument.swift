import ReaderPluginAPI

/// One line of `reader refs KEY`: a document related to the one asked about, seen from it.
public struct RelatedDocument: Sendable, Codable, Equatable {
    /// The relation's name seen from the asked document (`cites`, `citedBy`, `obsoletedBy`,
    /// `linkedFrom`, …): the kind's name when the asked document has the relation, its inverse
    /// when the other one has it.
    public var type: String
    public var key: String
    /// How lists and links name it (`RFC 9293`): the stored document's label, else its key's
    /// identifier's, else the key.
    public var label: String
    public var title: String?
    /// The section of the asked document the relation is made in or points to, when known.
    public var section: String?
    /// Whether the other document is stored (a link) or not (something to fetch).
    public var stored: Bool
    /// Why it has nothing to fetch (`never issued`), when its module's index says so.
    public var unavailable: String?

    public init(
        type: String, key: String, label: String, title: String? = nil, section: String? = nil, stored: Bool,
        unavailable: String? = nil
    ) {
        self.type = type
        self.key = key
        self.label = label
        self.title = title
        self.section = section
        self.stored = stored
        self.unavailable = unavailable
    }
}

extension Reader {
    /// `reader refs KEY`: every stored relation of `key`, both ways — what it cites, links,
    /// obsoletes, and what cites, links or obsoletes it — from the relation index; with
    /// `section`, only those made in or pointing to that section. (Filled in by the relation
    /// index; until then, none.)
    public func relations(of key: String, section: String? = nil) throws -> [RelatedDocument] { [] }
}
