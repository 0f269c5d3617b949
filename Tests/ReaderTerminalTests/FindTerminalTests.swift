import ReaderTestHarness
import Testing

/// `reader find` in a real terminal: each hit wrapped at word ends to the terminal's width,
/// the matches bold; in a pipe, the same words, each snippet on one line.
@Suite struct FindTerminalTests {
    @Test(arguments: [40, 100])
    func hitsAreWrappedToTheTerminalAtWordEnds(_ columns: Int) async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let command = ["find", "transmission", "control", "protocol", "--limit", "3"]
        // Tall enough for the three hits: a longer list would go through the pager
        // (LongOutputTerminalTests), and this is about wrapping.
        let terminal = try fixture.session(command, columns: columns, rows: 60)
        #expect(try await terminal.exitStatus() == 0)
        // `screen` joins the rows the terminal itself wrapped: a line longer than the pane
        // would be one that reader left for the terminal to break, mid-word.
        let screen = try terminal.screen(history: true).filter { !$0.hasPrefix("[exit") }
        #expect(screen.allSatisfy { $0.count <= columns }, "\(screen)")
        #expect(screen.first?.hasPrefix("rfc/793") == true, "\(screen)")
        #expect(screen.contains { $0.hasPrefix("  reader open 793") }, "\(screen)")
        #expect(terminal.rawOutput.hasEscape, "the matches and the place are bold")

        let piped = try await fixture.reader().run(command)
        #expect(piped.status == 0, "\(piped)")
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        #expect(words(screen.joined(separator: "\n")) == words(piped.stdout), "no word cut, none lost")
        let snippets = piped.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  reader open") }
        #expect(snippets.contains { $0.count > 100 }, "in a pipe a snippet is one line: \(piped.stdout)")
    }
}
