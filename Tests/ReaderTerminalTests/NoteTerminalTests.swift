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
}
