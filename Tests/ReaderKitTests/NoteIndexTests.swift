import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit
@testable import ReaderStore

/// `find` matches a person's notes through the full-text index, which follows their records:
/// a note goes in with its record and out with the record taking it back; a note the index
/// missed is named by `cache verify` and put back by `cache reindex`; a note the index holds
/// without its record (a process killed between the two) is never shown, and `gc` takes it out.
/// On RFC 793 from the corpus.
@Suite struct NoteIndexTests {
    func storedRFC793() async throws -> Reader {
        let reader = Reader(
            configuration: Configuration(
                storeRoot: try temporaryFolder("note-index"),
                settings: Settings(["READER_RFC_EDITOR_URL": "file://" + Corpus.url("rfc").path]), jobs: 2),
            modules: builtinModules)
        for await _ in reader.fetch(try reader.fetchRequests(["rfc", "793"])).events {}
        // The index made and complete before any note.
        #expect(try reader.find(["connection"]).hits.first?.key == "rfc/793")
        return reader
    }

    func notes(_ reader: Reader, _ words: [String]) throws -> [String] {
        try reader.find(words, filter: AnnotationFilter()).hits.compactMap(\.note?.text)
    }

    @Test func aNoteTheIndexMissedIsNamedByVerifyAndPutBackByReindex() async throws {
        let reader = try await storedRFC793()
        // A record the index never saw: written by a shelf that keeps no index.
        var record = AnnotationRecord(kind: .note, key: "rfc/793")
        record.text = "quokka crossing"
        let id = try AnnotationShelf(root: reader.store.root).add(record)
        #expect(try notes(reader, ["quokka"]).isEmpty, "find asks the index, not the records")
        let problems = reader.verify().problems.map(\.reason)
        #expect(problems == ["lacks the note \(id.prefix(8)) on rfc/793; 'reader cache reindex' rebuilds it"], "\(problems)")
        _ = try reader.reindex()
        #expect(try notes(reader, ["quokka"]) == ["quokka crossing"])
        #expect(reader.verify().ok)
    }

    @Test func theIndexFollowsTheRecordsAndNeverShowsANoteWithoutOne() async throws {
        let reader = try await storedRFC793()
        let kept = try await reader.addNote(to: "793", section: nil, quote: nil, text: "quokka one")
        #expect(try notes(reader, ["quokka"]) == ["quokka one"])
        #expect(try notes(reader, ["quokka", "-one"]).isEmpty)
        #expect(try notes(reader, ["\"one quokka\""]).isEmpty, "a phrase is held to the note's words in order")
        // In the index without a record: what a process killed after indexing it leaves.
        let phantom = Note(
            id: String(repeating: "ab", count: 32), key: "rfc/793", section: nil, quote: nil, text: "quokka two", createdAt: "2026-01-01")
        let connection = try #require(try reader.store.fullText.open())
        try connection.addNotes([.init(phantom)])
        #expect(try notes(reader, ["quokka"]) == ["quokka one"])
        _ = try reader.store.collectGarbage()
        #expect(try connection.noteIDs() == [kept.id])
        // Taken back: out of the index as well as out of `find`.
        _ = try reader.deleteNote(String(kept.id.prefix(8)))
        #expect(try notes(reader, ["quokka"]).isEmpty)
        #expect(try connection.noteIDs().isEmpty)
        #expect(reader.verify().ok)
    }
}
