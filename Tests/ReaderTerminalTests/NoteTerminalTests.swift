import ReaderTestHarness
import Testing

/// A note as a person sees it in a terminal: `reader open 793 --section 3.2 --no-pager` in a
/// tmux pane shows the mark after the quoted words and the note under its paragraph; a note's
/// escape sequences never reach the terminal.
@Suite struct NoteTerminalTests {
    @Test func theMarkStandsAtThePassageAndTheNoteUnderIt() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let note = try await fixture.reader().run(
            ["note", "793", "--section", "3.2", "--quote", "several variables", "Kept in the TCB \u{1B}[31mred\u{1B}[0m"])
        #expect(note.status == 0, "\(note)")
        let terminal = try fixture.session(["open", "793", "--section", "3.2", "--no-pager"], columns: 80, rows: 60)
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true)
        #expect(screen.contains { $0.contains("several variables\u{270E}1") }, "\(screen)")
        let marked = try #require(screen.firstIndex { $0.contains("several variables\u{270E}1") }, "\(screen)")
        let shown = try #require(screen.firstIndex { $0.hasPrefix("  \u{270E}1 Kept in the TCB") }, "\(screen)")
        #expect(marked < shown, "the note under its passage")
        #expect(!String(decoding: terminal.rawOutput, as: UTF8.self).contains("\u{1B}[31m"), "the note's escape never raw")
    }

    /// `reader notes` longer than the screen goes through the pager as every long list does:
    /// the first document's notes at the top, `q` quits and leaves no process behind.
    @Test func notesLongerThanTheScreenArePagedAndQQuits() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        for index in 1...8 {
            let note = try await fixture.reader().run(["note", "793", "Note \(index), first line\nsecond line\nthird line"])
            #expect(note.status == 0, "\(note)")
        }
        let terminal = try fixture.session(["notes"], columns: 80, rows: 24)
        let screen = try await terminal.waitFor("less's prompt") { $0.last == ":" }
        #expect(screen.first?.hasPrefix("RFC 793") == true, "\(screen)")
        #expect(screen.contains { $0 == "    Note 1, first line" }, "\(screen)")
        #expect(!screen.contains { $0.contains("Note 8") }, "past the screen, in the pager: \(screen)")
        #expect(try terminal.leftoverProcesses().contains { $0.hasPrefix("less") })
        #expect(try await terminal.quit() == 0)
        #expect(try terminal.leftoverProcesses() == [])
    }

    /// `cache ls --tag T` that fits is printed at once, without a pager; a tag no document has
    /// is one line on stderr, exit 1.
    @Test func cacheLsByTagIsPrintedWithoutAPager() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        #expect(try await fixture.reader().run(["tag", "793", "+tcp"]).status == 0)
        let terminal = try fixture.session(["cache", "ls", "--tag", "tcp"], columns: 100, rows: 24)
        // Nothing is pressed: a pager would wait for a key and this would not end.
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true).filter { !$0.isEmpty && !$0.hasPrefix("[exit") }
        #expect(screen.count == 1 && screen.first?.hasPrefix("rfc/793") == true, "only the tagged document: \(screen)")
        let none = try fixture.session(["cache", "ls", "--tag", "udp"], columns: 100, rows: 24)
        #expect(try await none.exitStatus() == 1)
        let said = try none.screen(history: true).filter { !$0.isEmpty && !$0.hasPrefix("[exit") }
        #expect(said == ["reader: no stored document is tagged 'udp'"], "\(said)")
    }
}
