import CSQLite
import ReaderSupport

/// A person's notes in the full-text index, beside the passages: `notes` names each note
/// (its record's id and its document's key) and keeps the words it was given, and `note_text`
/// (FTS5, contentless, like the passages' `text`) which notes hold each word. `find` asks it
/// as it asks for passages, so it reads no record but those of the notes that match.
///
/// The records (``AnnotationShelf``) are the truth and the index follows them: a note goes in
/// before its record is written and out after the record taking it back is, so a process
/// killed in between leaves the index with a note too many, never one too few. It goes in
/// again once its record is written (one it holds is left as it is): a rebuild that read the
/// records a moment before the record was there, and emptied the index after the note went
/// in, would otherwise leave it out. `find` holds every note the index answers to its
/// document's records (`Reader.noteHits`), so one too many is never shown; `gc` takes it out.
/// A rebuild (``FullTextIndex/Connection/rebuild(_:notes:)``) puts every note of the records
/// in again.
extension FullTextIndex.Connection {
    /// A note as the index is given it.
    package struct IndexedNote: Sendable {
        package var id: String
        package var key: String
        /// Its text's and quote's distinct words, folded, as the passages' (``PassageWords``).
        var words: [UInt8]

        package init(_ note: Note) {
            id = note.id
            key = note.key
            let passage = Passage(number: nil, heading: nil, body: note.text + "\n" + (note.quote ?? ""))
            words = PassageWords.Maker().words(of: passage, title: []).text
        }
    }

    /// How many notes a query answers at most, newest first: far more than `find` shows.
    static let notesAtMost = 2000

    /// Puts `notes` in (one already there is left as it is), in the caller's transaction or one
    /// of its own.
    func addNotes(_ notes: [IndexedNote]) throws {
        guard !notes.isEmpty else { return }
        let name = try database.cached("INSERT OR IGNORE INTO notes(id, key, words) VALUES (?, ?, ?)")
        let words = try database.cached("INSERT INTO note_text(rowid, words) VALUES (?, ?)")
        for note in notes {
            try name.bind(.text(note.id), .text(note.key), .utf8(note.words)).run()
            guard database.changes > 0 else { continue }
            try words.bind(.integer(database.lastInsertedRow)).run(text: note.words, at: 2)
        }
    }

    /// Takes the note `id` out: its words forgotten (a contentless table is told them), its name.
    func removeNote(_ id: String) throws {
        try database.transaction {
            let found = try database.cached("SELECT row, words FROM notes WHERE id = ?").bind(.text(id)).first {
                (row: $0.integer(0), words: $0.blob(1))
            }
            guard let (row, words) = found else { return }
            try database.cached("INSERT INTO note_text(note_text, rowid, words) VALUES ('delete', ?, ?)")
                .bind(.integer(row), .utf8(words)).run()
            try database.cached("DELETE FROM notes WHERE row = ?").bind(.integer(row)).run()
        }
    }

    /// The notes holding every word of `expression` (a ``FullTextQuery/expression``), the
    /// most recently indexed first.
    package func notes(matching expression: String) throws -> [(id: String, key: String)] {
        let read = try database.cached(
            """
            SELECT n.id, n.key FROM notes n JOIN (SELECT rowid FROM note_text WHERE note_text MATCH ? ORDER BY rowid DESC LIMIT ?) m
            ON n.row = m.rowid ORDER BY n.row DESC
            """
        ).bind(.text(expression), .integer(Int64(Self.notesAtMost)))
        defer { read.reset() }
        var found: [(id: String, key: String)] = []
        while try read.step() { found.append((read.text(0) ?? "", read.text(1) ?? "")) }
        return found
    }

    /// The ids of every note in the index (`cache verify`, `gc`).
    func noteIDs() throws -> Set<String> {
        let read = try database.prepare("SELECT id FROM notes")
        var ids = Set<String>()
        while try read.step() { ids.insert(read.text(0) ?? "") }
        return ids
    }
}

extension AnnotationShelf {
    /// Puts the note `record` (of id `id`) into the index, before its record is written, and
    /// returns the index it went into. No index, or one of another version: nothing (the next
    /// `find` builds it from the records). A damaged one is removed, for the next `find` to
    /// build. Any other failure (a full disk) refuses the note: the index never lacks a note
    /// that is kept.
    func index(_ record: AnnotationRecord, id: String, into open: FullTextIndex.Connection? = nil) throws -> FullTextIndex.Connection? {
        guard record.kind == .note, let fullText, let connection = open ?? Self.current(fullText) else { return nil }
        let note = Note(
            id: id, key: record.key, section: record.section, quote: record.quote, text: record.text ?? "", createdAt: record.at)
        do {
            try connection.addNotes([.init(note)])
        } catch let failure as SQLite.Failure where failure.isDamage {
            try? fullText.remove()
            return nil
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
        return connection
    }

    /// Puts the note `record` into the index again once its record is written (through the
    /// connection that put it in first, when there was one), when a rebuild meanwhile left it
    /// out; a failure here leaves the first one standing.
    func reindex(_ record: AnnotationRecord, id: String, _ connection: FullTextIndex.Connection?) {
        _ = try? index(record, id: id, into: connection)
    }

    /// Takes the note an `unnote` record names out of the index, once the record is written.
    /// A failure leaves it there, where `find` passes over it.
    func unindex(_ record: AnnotationRecord) {
        guard record.kind == .unnote, let note = record.note, let fullText, let connection = Self.current(fullText) else { return }
        try? connection.removeNote(note)
    }

    private static func current(_ fullText: FullTextIndex) -> FullTextIndex.Connection? {
        guard let connection = try? fullText.open(), (try? connection.state())?.current == true else { return nil }
        return connection
    }
}

extension Store {
    /// Every note the records keep (less those taken back), for the index.
    func currentNotes() throws -> [FullTextIndex.Connection.IndexedNote] {
        guard annotations.hasAny else { return [] }
        return AnnotationState.byKey(try annotations.allRecords()).values.flatMap(\.notes).map { .init($0) }
    }
}
