import Foundation

/// A note as it stands: the record that made it, not taken back.
public struct Note: Sendable, Equatable, Codable {
    /// The SHA-256 of its record: what `reader note --delete` and the site name it by.
    public var id: String
    public var key: String
    public var section: String?
    public var quote: String?
    public var text: String
    public var createdAt: String

    public init(id: String, key: String, section: String?, quote: String?, text: String, createdAt: String) {
        self.id = id
        self.key = key
        self.section = section
        self.quote = quote
        self.text = text
        self.createdAt = createdAt
    }
}

/// What a document's records say now: its notes (less those taken back), its tags (each
/// tag's latest record winning) and its marks (read or unread, starred or not: the latest
/// winning). Every store folds the same records to the same state, whatever order they came in.
public struct AnnotationState: Sendable, Equatable {
    public var notes: [Note] = []
    public var tags: [String] = []
    public var read = false
    public var starred = false

    public init() {}

    /// The state of one document, from its records oldest first (``AnnotationShelf/records(of:)``).
    public init(_ records: [(id: String, record: AnnotationRecord)]) {
        var notes: [String: Note] = [:]
        var order: [String] = []
        var taken = Set<String>()
        var tags: [String: Bool] = [:]
        for (id, record) in records {
            switch record.kind {
            case .note:
                notes[id] = Note(
                    id: id, key: record.key, section: record.section, quote: record.quote, text: record.text ?? "",
                    createdAt: record.at)
                order.append(id)
            case .unnote:
                if let note = record.note { taken.insert(note) }
            case .tag, .untag:
                if let tag = record.tag { tags[tag] = record.kind == .tag }
            case .mark:
                switch record.mark {
                case "read": read = true
                case "unread": read = false
                case "starred": starred = true
                case "unstarred": starred = false
                default: break
                }
            }
        }
        self.notes = order.filter { !taken.contains($0) }.compactMap { notes[$0] }
        self.tags = tags.filter(\.value).map(\.key).sorted()
    }

    /// Every document's state, by key.
    public static func byKey(_ records: [(id: String, record: AnnotationRecord)]) -> [String: AnnotationState] {
        Dictionary(grouping: records, by: \.record.key).mapValues(AnnotationState.init)
    }
}
