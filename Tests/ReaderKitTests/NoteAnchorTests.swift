import Foundation
import ReaderPluginAPI
import ReaderTestHarness
import Testing

@testable import ReaderRendering
@testable import ReaderStore

/// Where a note stands when the document changes under it (a new version): at its quote where
/// it still stands, under its section's heading where only the section does, else at the end;
/// and the records fold to the same state whatever order they came in (a merge).
@Suite struct NoteAnchorTests {
    func note(_ quote: String?, section: String?, text: String = "mine") -> Note {
        Note(id: String(repeating: "a", count: 64), key: "k", section: section, quote: quote, text: text, createdAt: "2026-11-26T00:00:00Z")
    }

    func version(_ paragraph: String) -> [Block] {
        [
            .heading(level: 1, number: "1", title: "Introduction"), .paragraph([Inline("Nothing here.")]),
            .heading(level: 1, number: "2", title: "State"), .paragraph([Inline(paragraph)]),
            .heading(level: 1, number: "3", title: "After"), .paragraph([Inline("More.")]),
        ]
    }

    @Test func aNoteFollowsItsQuoteThenItsSectionThenTheEnd() {
        let first = version("The connection requires the remembering\n   of several variables.")
        let quoted = note("remembering of several variables", section: "2")
        #expect(NoteAnchors.place([quoted], in: first).first?.placed == .text)
        #expect(NoteAnchors.place([quoted], in: first).first?.block == 3)
        // A new version that moved the paragraph: the quote still stands, the note goes with it.
        let moved =
            Array(version("x")[0...1]) + [.paragraph([Inline("It keeps the remembering of several variables.")])] + version("y")[2...]
        #expect(NoteAnchors.place([quoted], in: moved).first?.block == 2)
        // The quote reworded: under its section's heading, its quote said to be lost.
        let reworded = NoteAnchors.place([quoted], in: version("It keeps state.")).first
        #expect(reworded?.placed == .section && reworded?.block == 2 && reworded?.quoteLost == true)
        // Section and quote both gone: at the end.
        let gone = NoteAnchors.place([note("remembering", section: "9")], in: version("nothing")).first
        #expect(gone?.placed == .end && gone?.block == nil)
    }

    @Test func recordsFoldAlikeInAnyOrder() throws {
        var on = AnnotationRecord(kind: .tag, key: "k", at: Date(timeIntervalSince1970: 1))
        on.tag = "x"
        var off = AnnotationRecord(kind: .untag, key: "k", at: Date(timeIntervalSince1970: 2))
        off.tag = "x"
        var read = AnnotationRecord(kind: .mark, key: "k", at: Date(timeIntervalSince1970: 3))
        read.mark = "read"
        var text = AnnotationRecord(kind: .note, key: "k", at: Date(timeIntervalSince1970: 4))
        text.text = "a note"
        let records = [("1", on), ("2", off), ("3", read), ("4", text)]
        let shelf = AnnotationShelf(root: try temporaryStore())
        for (_, record) in records.reversed() { try shelf.add(record) }
        let state = AnnotationState(try shelf.records(of: "k"))
        #expect(state.tags.isEmpty && state.read && state.notes.map(\.text) == ["a note"])
    }

    func temporaryStore() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Records made in turn by one process fold in that order, however fast they come.
@Suite struct RecordOrderTests {
    @Test func recordsMadeInTurnAreEachLaterThanTheOneBefore() {
        let times = (0..<2000).map { _ in AnnotationRecord(kind: .tag, key: "k").at }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func aTagPutOnAndTakenOffInTurnIsOff() throws {
        let shelf = AnnotationShelf(root: try temporaryFolder("record-order"))
        for round in 0..<50 {
            var on = AnnotationRecord(kind: .tag, key: "rfc/\(round)")
            on.tag = "later"
            var off = AnnotationRecord(kind: .untag, key: "rfc/\(round)")
            off.tag = "later"
            _ = try shelf.add(on)
            _ = try shelf.add(off)
            #expect(AnnotationState(try shelf.records(of: "rfc/\(round)")).tags.isEmpty)
        }
    }
}
