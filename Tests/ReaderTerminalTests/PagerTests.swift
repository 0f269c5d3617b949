import Foundation
import ReaderTestHarness
import Testing

/// `reader open` in a real terminal, through the default pager (`less -R`), as a person meets
/// it: before this suite, every test piped the output, and `reader open 793` hung in every
/// real terminal (the pager was in a process group of its own, stopped by the terminal).
@Suite(.serialized) struct PagerTests {
    @Test(arguments: ["first open (renders)", "second open (kept view)"])
    func openShowsTheTitleOnTheFirstScreenAndQuittingReturnsZero(_ pass: String) async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        if pass.hasPrefix("second") {
            let first = try await fixture.reader().run(["open", "793"])
            #expect(first.status == 0, "\(first)")
        }
        let terminal = try fixture.session(["open", "793"])
        let screen = try await terminal.waitFor("RFC 793's title") { lines in
            lines.prefix(terminal.rows).contains { $0.contains("Transmission Control Protocol") }
        }
        #expect(screen.first?.contains("Obsoleted by RFC 9293") == true, "\(screen)")
        // The pager is reading the keyboard, not stopped by the terminal.
        #expect(try terminal.leftoverProcesses().contains { $0.hasPrefix("less (S)") || $0.hasPrefix("less (R)") })

        // Ctrl-C belongs to the pager: `reader` must not die of it or stop.
        try terminal.press("C-c")
        #expect(try await terminal.quit() == 0)
        #expect(try terminal.leftoverProcesses() == [])
    }

    @Test func searchingInThePagerMovesToTheMatch() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let terminal = try fixture.session(["open", "793"], rows: 24)
        let first = try await terminal.waitFor("the first screen") { $0.contains { $0.contains("Transmission Control Protocol") } }
        #expect(!(first.first ?? "").contains("TCP"))
        try terminal.type("/TCP")
        try terminal.press("Enter")
        // less puts the line of the match at the top of the screen.
        let found = try await terminal.waitFor("a line with TCP at the top") { ($0.first ?? "").contains("TCP") }
        #expect(found.count >= 2)
        #expect(try await terminal.quit() == 0)
    }

    @Test func aPagerThatCannotStartFallsBackToPlainOutputWithOneWarning() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let terminal = try fixture.session(["open", "793", "--section", "1.1"], environment: ["PAGER": "/nonexistent/pager"])
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true)
        let warnings = screen.filter { $0.hasPrefix("reader: ") }
        #expect(warnings.count == 1, "\(screen)")
        #expect(warnings.first?.contains("/nonexistent/pager") == true)
        #expect(screen.contains { $0.contains("1.1") && $0.contains("Motivation") }, "\(screen)")
    }

    @Test func noColourMeansNoEscapeSequencesInTheText() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        // In colour, the headings are bold: the check below can see escapes when they are there.
        let coloured = try fixture.session(["open", "793", "--section", "3.2", "--no-pager"])
        #expect(try await coloured.exitStatus() == 0)
        #expect(coloured.rawOutput.hasEscape)

        let plain = try fixture.session(["open", "793", "--section", "3.2", "--no-pager"], environment: ["NO_COLOR": "1"])
        #expect(try await plain.exitStatus() == 0)
        #expect(try plain.screen(history: true).contains { $0.contains("Terminology") })
        #expect(!plain.rawOutput.hasEscape)
    }

    @Test func aDumbTerminalGetsNoEscapeSequencesAtAll() async throws {
        let fixture = try await TerminalFixture()
        let fetch = try fixture.session(["fetch", "rfc", "1-50", "793"], environment: ["TERM": "dumb"])
        #expect(try await fetch.exitStatus() == 0)
        #expect(!fetch.rawOutput.hasEscape, "\(String(decoding: fetch.rawOutput, as: UTF8.self))")

        // No pager either: a dumb terminal cannot page.
        let open = try fixture.session(["open", "793", "--section", "3.2"], environment: ["TERM": "dumb"])
        #expect(try await open.exitStatus() == 0)
        #expect(try open.screen(history: true).contains { $0.contains("Terminology") })
        #expect(!open.rawOutput.hasEscape)
    }
}
