import Foundation
import ReaderPluginAPI
import ReaderRendering
import ReaderStore
import ReaderSupport

/// Notes, tags and read state on stored documents, for every source alike: each a record of
/// the store's `annotations/` (``AnnotationShelf``), anchored to the catalog key and, for a
/// note, the quoted words (never to a blob), so a new version of the document keeps them.
extension Reader {
    /// The catalog key of a stored document named as `reader open` names it (`793`, a key, a
    /// URL); `ReaderError.notInStore` (exit 3) when the store does not hold it.
    public func storedKey(_ target: String) throws -> String {
        let requests = try openRequests([target])
        guard requests.count == 1, let request = requests.first else { throw ReaderError.usage("'\(target)' names no one document") }
        if case .file = request { throw ReaderError.usage("'\(target)' is a file: notes, tags and marks go on stored documents") }
        let key = try key(of: request)
        guard try store.entry(key) != nil else { throw ReaderError.notInStore(key: key) }
        return key
    }

    /// Writes a note on the stored document `target`: `text` on the passage `quote` (which must
    /// stand in the document's text: in `section` when given) or on `section`, or on the whole
    /// document. Refused whole (nothing stored) when any of it is wrong.
    public func addNote(to target: String, section: String?, quote: String?, text: String) async throws -> Note {
        var record = AnnotationRecord(kind: .note, key: "-")
        record.text = text
        record.quote = quote.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        record.section = section
        if text.isEmpty && quote == nil { throw ReaderError.usage("a note needs its text, a --quote, or both") }
        // The sizes first: 10 MB of text is refused before the document is read.
        if let problem = record.problem { throw ReaderError.usage(problem) }
        let key = try storedKey(target)
        record.key = key
        let document = try await openStored(key: key).document
        let range = try section.map { wanted in
            guard let range = NoteAnchors.sectionRange(wanted, in: document.blocks) else {
                throw ReaderError.usage("\(key) has no section \(wanted); 'reader open \(shorthand(ofKey: key)) --toc' lists its sections")
            }
            return range
        }
        if let quote = record.quote {
            let blocks = range ?? document.blocks.indices
            guard let block = blocks.first(where: { NoteAnchors.quoteRange(quote, in: document.blocks[$0].plainText ?? "") != nil })
            else {
                throw ReaderError.usage(
                    "the quote is not in the text of \(key)\(section.map { " (section \($0))" } ?? ""); copy it from 'reader open \(shorthand(ofKey: key))'"
                )
            }
            // Kept with its section, so that it is shown there when a new version loses the quote.
            if section == nil { record.section = NoteAnchors.section(of: block, in: document.blocks) }
        }
        let id = try store.annotations.add(record)
        return Note(id: id, key: key, section: record.section, quote: record.quote, text: text, createdAt: record.at)
    }

    /// Takes back the note whose id begins with `prefix` (at least 6 hex digits, as git's
    /// short names): a record saying so, so that a merge never brings it back.
    public func deleteNote(_ prefix: String) throws -> Note {
        let prefix = prefix.lowercased()
        guard prefix.count >= 6, prefix.count <= 64, prefix.allSatisfy(\.isHexDigit) else {
            throw ReaderError.usage("'\(prefix)' is not a note's id: 'reader notes' shows them")
        }
        let matching = try allNotes().filter { $0.id.hasPrefix(prefix) }
        guard let note = matching.first else { throw ReaderError.usage("no note has the id \(prefix): 'reader notes' shows them") }
        guard matching.count == 1 else { throw ReaderError.usage("\(matching.count) notes have ids beginning \(prefix): give more of it") }
        var record = AnnotationRecord(kind: .unnote, key: note.key)
        record.note = note.id
        try store.annotations.add(record)
        return note
    }

    /// The notes of `key` (as it stands: less those taken back), oldest first.
    public func notes(ofKey key: String) throws -> [Note] {
        AnnotationState(try store.annotations.records(of: key)).notes
    }

    /// Whether any note, tag or mark names `key` (one `lstat`).
    public func hasAnnotations(ofKey key: String) -> Bool {
        store.annotations.hasRecords(of: key)
    }

    /// Whether the store holds any note, tag or mark (one `lstat`).
    public var hasAnyAnnotations: Bool { store.annotations.hasAny }

    /// Every note of the store, oldest first.
    public func allNotes() throws -> [Note] {
        try annotationStates().values.flatMap(\.notes).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Every annotated document's state (notes, tags, marks), by key.
    public func annotationStates() throws -> [String: AnnotationState] {
        AnnotationState.byKey(try store.annotations.allRecords())
    }

    /// The state of one document.
    public func annotationState(ofKey key: String) throws -> AnnotationState {
        AnnotationState(try store.annotations.records(of: key))
    }

    /// `reader tag KEY +a -b`: every tag checked before any is written. Returns the tags now.
    public func tag(_ target: String, adding: [String], removing: [String]) throws -> (key: String, tags: [String]) {
        for tag in adding + removing {
            if let problem = AnnotationRecord.problem(tag: tag) {
                throw ReaderError.usage("'\(tag.prefix(80))\(tag.count > 80 ? "…" : "")': \(problem)")
            }
        }
        if let both = Set(adding).intersection(removing).first {
            throw ReaderError.usage("'+\(both)' and '-\(both)' together: say one")
        }
        let key = try storedKey(target)
        for (tags, kind) in [(adding, AnnotationRecord.Kind.tag), (removing, .untag)] {
            for tag in tags {
                var record = AnnotationRecord(kind: kind, key: key)
                record.tag = tag
                try store.annotations.add(record)
            }
        }
        return (key, try annotationState(ofKey: key).tags)
    }

    /// `reader mark KEY read|unread|starred|unstarred`.
    public func mark(_ target: String, _ mark: String) throws -> (key: String, state: AnnotationState) {
        guard AnnotationRecord.marks.contains(mark) else {
            throw ReaderError.usage("'\(mark.prefix(40))' is not a mark: read, unread, starred or unstarred")
        }
        let key = try storedKey(target)
        var record = AnnotationRecord(kind: .mark, key: key)
        record.mark = mark
        try store.annotations.add(record)
        return (key, try annotationState(ofKey: key))
    }
}

/// What `cache ls`, `find` and the site keep by tag and read state.
public struct AnnotationFilter: Sendable, Equatable {
    public var tag: String?
    public var unread = false
    public var starred = false

    public init(tag: String? = nil, unread: Bool = false, starred: Bool = false) {
        self.tag = tag
        self.unread = unread
        self.starred = starred
    }

    public var isEmpty: Bool { tag == nil && !unread && !starred }

    /// Whether a document of this state passes (no state: never tagged, unread, not starred).
    public func admits(_ state: AnnotationState?) -> Bool {
        if let tag, !(state?.tags.contains(tag) ?? false) { return false }
        if unread, state?.read == true { return false }
        if starred, state?.starred != true { return false }
        return true
    }
}
