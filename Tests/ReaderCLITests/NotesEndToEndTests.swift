import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader note`, `notes`, `tag`, `mark` and what they change in `open`, `find` and `cache ls`,
/// run as a person runs them, on real RFCs from the corpus's mirror.
@Suite struct NotesEndToEndTests {
    let store: String
    let mirror: String

    init() throws {
        store = try temporaryFolder("e2e-notes")
        mirror = "file://" + Corpus.url("rfc").path
    }

    var reader: ReaderBinary {
        get throws {
            try ReaderBinary(
                environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": mirror, "COLUMNS": "100"], runner: .inProcess)
        }
    }

    func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func aNoteStandsAtItsPassageInOpenNotesAndFind() async throws {
        #expect(try await reader.run(["fetch", "rfc", "793"]).status == 0)
        // Opened before the note: its view is kept, and must not be shown without the note.
        #expect(try await reader.run(["open", "793", "--no-pager", "--section", "3.2"]).status == 0)
        let note = try await reader.run(["note", "793", "--quote", "the remembering of several variables", "Which", "variables?"])
        #expect(note.status == 0, "\(note)")
        #expect(note.stdout.hasPrefix("noted on RFC 793 (section 3.2): "), "\(note)")

        // The text: the mark after the quote, the note under its paragraph, in section 3.2.
        let text = try await reader.run(["open", "793", "--no-pager", "--section", "3.2"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("\u{270E}1 Which variables?"), "\(text)")
        #expect(text.stdout.contains("variables\u{270E}1") || text.stdout.contains("\u{270E}1 "), "\(text)")
        let whole = try await reader.run(["open", "793", "--no-pager"])
        let section = try #require(whole.stdout.range(of: "3.2  Terminology\n"))
        let shown = try #require(whole.stdout.range(of: "\u{270E}1 Which variables?"))
        #expect(section.upperBound < shown.lowerBound)

        // JSON: the note, where it was placed; Markdown: a quotation under the paragraph.
        let opened = try await reader.run(["open", "793", "--format", "json"])
        let notes = try #require((json(opened.stdout) as? [String: Any])?["notes"] as? [[String: Any]], "\(opened)")
        #expect(notes.count == 1)
        #expect(notes.first?["placed"] as? String == "text")
        #expect(notes.first?["section"] as? String == "3.2")
        #expect(notes.first?["quote"] as? String == "the remembering of several variables")
        let markdown = try await reader.run(["open", "793", "--format", "markdown", "--no-pager"])
        #expect(
            markdown.stdout.contains("> **\u{270E}1** *\u{201C}the remembering of several variables\u{201D}* \u{2014} Which variables?"),
            "\(markdown)")

        // `notes`, as text, JSON and a Markdown export.
        let listed = try await reader.run(["notes", "793", "--json"])
        #expect((json(listed.stdout) as? [[String: Any]])?.first?["text"] as? String == "Which variables?", "\(listed)")
        let export = try await reader.run(["notes", "--format", "markdown"])
        #expect(export.stdout.contains("## RFC 793: Transmission Control Protocol"), "\(export)")
        #expect(export.stdout.contains("> the remembering of several variables"), "\(export)")

        // `find` finds the note by its words and names it.
        let found = try await reader.run(["find", "which", "variables", "--json"])
        let hit = try #require((json(found.stdout) as? [[String: Any]])?.first, "\(found)")
        #expect((hit["note"] as? [String: Any])?["text"] as? String == "Which variables?", "\(found)")
        #expect(hit["open"] as? String == "reader open 793 --section 3.2")
        let foundText = try await reader.run(["find", "which", "variables"])
        // Named as a note, on its document and passage, with its words and the quote.
        #expect(
            foundText.stdout.hasPrefix(
                "\u{270E} note on rfc/793 \u{A7}3.2: Which variables? \u{201C}the remembering of several variables\u{201D}\n"),
            "\(foundText)")
        #expect(
            foundText.stdout.contains("\u{B7} your note \(String(describing: (notes.first?["id"] as? String)?.prefix(8) ?? ""))\n"),
            "\(foundText)")

        // Taken back: gone from open and notes, and a kept view does not bring it back.
        let id = try #require(notes.first?["id"] as? String)
        #expect(try await reader.run(["note", "--delete", String(id.prefix(8))]).status == 0)
        #expect(!(try await reader.run(["open", "793", "--no-pager"])).stdout.contains("Which variables?"))
        #expect(try await reader.run(["notes", "793"]).status == 1)
        let after = try await reader.run(["find", "which", "variables", "--json"])
        #expect(!after.stdout.contains("Which variables?"), "taken back, out of find: \(after)")
    }

    @Test func badNotesAndTagsAreOneLineAndStoreNothing() async throws {
        #expect(try await reader.run(["fetch", "rfc", "793"]).status == 0)
        let cases: [([String], Int32, String)] = [
            (["note", "9999", "text"], 3, "'rfc/9999' is not in the store"),
            (["note", "793", "--quote", "words that RFC 793 never wrote", "x"], 64, "the quote is not in the text of rfc/793"),
            (["note", "793", "--section", "99.9", "x"], 64, "rfc/793 has no section 99.9"),
            (["note", "793", String(repeating: "x", count: 10_000_000)], 64, "a note is at most 64 KiB of text"),
            (["note", "793"], 64, "a note needs its text, a --quote, or both"),
            (["tag", "793", "+two words"], 64, "a tag cannot hold spaces"),
            (["tag", "793", "+bell\u{7}"], 64, "a tag cannot hold control characters"),
            (["tag", "793", "+" + String(repeating: "t", count: 1000)], 64, "a tag is at most 64 characters"),
            (["tag", "793", "plain"], 64, "write +TAG to put a tag on"),
            (["tag", "9999", "+ok"], 3, "'rfc/9999' is not in the store"),
            (["mark", "793", "bogus"], 64, "is not a mark: read, unread, starred or unstarred"),
            (["cache", "ls", "--tag", "a b"], 64, "a tag cannot hold spaces"),
        ]
        for (words, status, message) in cases {
            let run = try await reader.run(words)
            #expect(run.status == status, "\(words.map { $0.prefix(40) }): \(run)")
            #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains(message), "\(words.map { $0.prefix(40) }): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
            #expect(!run.stderr.contains("\u{7}"))
        }
        // Nothing was stored half-way: no record at all.
        #expect(!FileManager.default.fileExists(atPath: store + "/annotations"))
    }

    @Test func tagsAndMarksFilterCacheLsAndFind() async throws {
        #expect(try await reader.run(["fetch", "rfc", "793", "9110"]).status == 0)
        #expect(try await reader.run(["tag", "793", "+tcp", "+classic"]).stdout == "RFC 793: #classic #tcp\n")
        #expect(try await reader.run(["tag", "793", "-classic"]).stdout == "RFC 793: #tcp\n")
        #expect(try await reader.run(["mark", "793", "read"]).stdout == "RFC 793: read\n")
        #expect(try await reader.run(["mark", "9110", "starred"]).stdout == "RFC 9110: unread, starred\n")

        func keys(_ words: [String]) async throws -> [String] {
            let run = try await reader.run(words + ["--json"])
            return ((json(run.stdout) as? [[String: Any]]) ?? []).compactMap { $0["key"] as? String }
        }
        #expect(try await keys(["cache", "ls", "--tag", "tcp"]) == ["rfc/793"])
        #expect(try await keys(["cache", "ls", "--unread"]) == ["rfc/9110"])
        #expect(try await keys(["cache", "ls", "--starred"]) == ["rfc/9110"])
        let none = try await reader.run(["cache", "ls", "--tag", "classic"])
        #expect(none.status == 1 && none.stderr == "reader: no stored document is tagged 'classic'\n", "\(none)")
        let listed = try await reader.run(["cache", "ls", "--json"])
        let first = (json(listed.stdout) as? [[String: Any]])?.first { $0["key"] as? String == "rfc/793" }
        #expect(first?["tags"] as? [String] == ["tcp"] && first?["read"] as? Bool == true, "\(listed)")

        // `find` keeps the documents the filter admits: "connection" is in both.
        #expect(Set(try await keys(["find", "connection", "--limit", "20"])) == ["rfc/793", "rfc/9110"])
        #expect(Set(try await keys(["find", "connection", "--tag", "tcp"])) == ["rfc/793"])
        #expect(Set(try await keys(["find", "connection", "--unread"])) == ["rfc/9110"])
        #expect(Set(try await keys(["find", "connection", "--starred"])) == ["rfc/9110"])
    }
}
