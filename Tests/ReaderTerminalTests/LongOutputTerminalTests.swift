import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Long lists in a real terminal: longer than the screen, they go through the pager as git's
/// logs do (`less` with `LESS=FRX`), so that the best results are not scrolled away; shorter,
/// they are printed and the prompt comes back at once. And the summary of a fetch is wrapped
/// at word ends, not where the terminal's last column falls.
@Suite(.serialized) struct LongOutputTerminalTests {
    @Test func aSearchLongerThanTheScreenIsPagedAndQQuits() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let terminal = try fixture.session(["search", "tcp"], rows: 24)
        let screen = try await terminal.waitFor("less's prompt") { $0.last == ":" }
        #expect(screen.first?.contains("Transmission Control Protocol") == true || screen.contains { $0.contains("TCP") }, "\(screen)")
        #expect(try terminal.leftoverProcesses().contains { $0.hasPrefix("less") })
        #expect(try await terminal.quit() == 0)
        #expect(try terminal.leftoverProcesses() == [])
    }

    @Test func aListThatFitsIsPrintedWithoutAPager() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let terminal = try fixture.session(["search", "tcp", "--limit", "5"], rows: 24)
        // Nothing is pressed: a pager would wait for a key and this would not end.
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true)
        #expect(screen.filter { $0.contains("TCP") || $0.contains("Transmission Control") }.count >= 3, "\(screen)")
        #expect(!screen.contains(":") && !screen.contains { $0.contains("(END)") }, "\(screen)")
    }

    /// A partial `file://` mirror: the summary counts what it lacks, wrapped at word ends
    /// (at 40 columns it broke `r` / `fc/2`).
    @Test func theSummaryOfAFetchWrapsAtWordEnds() async throws {
        let mirror = try temporaryFolder("terminal-partial-mirror")
        try Data(try Corpus.bytes("rfc/rfc-index.txt")).write(to: URL(fileURLWithPath: mirror + "/rfc-index.txt"))
        try Data(try Corpus.bytes("rfc/rfc1.txt")).write(to: URL(fileURLWithPath: mirror + "/rfc1.txt"))
        let store = try temporaryFolder("terminal-partial-store")
        let environment = ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror]
        // The same fetch through a pipe, into a store of its own: the same words, on one line.
        let piped = try await ReaderBinary(
            environment: ["READER_CACHE_DIR": try temporaryFolder("piped-partial-store"), "READER_RFC_EDITOR_URL": "file://" + mirror]
        ).run(["fetch", "rfc", "1-30"])
        #expect(piped.status == 4 && piped.stdout.split(separator: "\n").count == 1, "\(piped)")
        let fixture = try await TerminalFixture()
        let columns = 40
        let terminal = try fixture.session(["fetch", "rfc", "1-30"], columns: columns, environment: environment)
        #expect(try await terminal.exitStatus() == 4, "asked for by number, what the mirror lacks is a failure")
        let screen = try terminal.screen(history: true).filter { !$0.hasPrefix("[exit") }
        #expect(screen.allSatisfy { $0.count <= columns }, "\(screen)")
        #expect(!screen.contains { $0.contains("no such file") }, "counted once, not a line each: \(screen)")
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        let summary = screen.drop { !$0.hasPrefix("1 of 30 done") }
        #expect(words(summary.joined(separator: "\n")) == words(piped.stdout), "\(screen)")
        #expect(
            words(summary.joined(separator: "\n")).joined(separator: " ").contains("29 not in the mirror: first rfc/2, rfc/3, rfc/4 …"),
            "\(screen)")
    }
}
