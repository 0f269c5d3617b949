import ReaderTestHarness
import Testing

/// `reader search` and `list` in a real terminal: an entry longer than the terminal is broken
/// at word ends, its later lines indented past the number; in a pipe, one line per entry.
@Suite struct SearchTerminalTests {
    @Test(arguments: [["search", "transmission", "control", "--limit", "6"], ["list", "--year", "1971", "--limit", "8"]])
    func entriesAreWrappedToTheTerminalAtWordEnds(_ command: [String]) async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let columns = 60
        let terminal = try fixture.session(command, columns: columns)
        #expect(try await terminal.exitStatus() == 0)
        // Rows the terminal wrapped come back joined: a line over the width is one reader left
        // for the terminal to break, mid-word.
        let screen = try terminal.screen(history: true).filter { !$0.hasPrefix("[exit") }
        #expect(screen.allSatisfy { $0.count <= columns }, "\(screen)")
        let continued = screen.filter { $0.hasPrefix("      ") }
        #expect(!continued.isEmpty, "some entry is longer than \(columns) columns: \(screen)")
        #expect(!continued.contains { $0.dropFirst(6).hasPrefix("·") }, "\(screen)")

        let piped = try await fixture.reader().run(command)
        #expect(piped.status == 0, "\(piped)")
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        #expect(words(screen.joined(separator: "\n")) == words(piped.stdout), "no word cut, none lost")
        let lines = piped.stdout.split(separator: "\n")
        #expect(lines.contains { $0.count > 80 } && !lines.contains { $0.hasPrefix("      ") }, "one line per entry in a pipe: \(piped)")
    }

    @Test func refsFitTheTerminalAndStayWholeInAPipe() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        // Tall enough for every line: a longer list is paged (LongOutputTerminalTests).
        let terminal = try fixture.session(["refs", "793"], columns: 40, rows: 60)
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true).filter { !$0.hasPrefix("[exit") }
        #expect(screen.allSatisfy { $0.count <= 40 }, "\(screen)")
        #expect(screen.contains { $0.hasPrefix("  RFC 761   reader open 761") && $0.hasSuffix("…") }, "\(screen)")
        // A list of numbers is wrapped, never cut: the last of "updated by" is on the screen.
        #expect(screen.contains { $0.hasPrefix("updated by: RFC 1122") }, "\(screen)")
        #expect(screen.contains { $0.hasPrefix("  ") && $0.hasSuffix("RFC 6528") }, "\(screen)")
        let piped = try await fixture.reader().run(["refs", "793"])
        #expect(piped.stdout.contains("  RFC 761   reader open 761       DoD standard Transmission Control Protocol\n"), "\(piped)")
    }
}
