import Foundation
import ReaderTestHarness
import Testing

/// The progress bar of a bulk fetch and Ctrl-C, in a real terminal of a given width.
@Suite(.serialized) struct ProgressTests {
    /// RFCs from 41 on are never answered, so the bar stays on the screen at 40/50 for as
    /// long as the test looks; then Ctrl-C.
    @Test(arguments: [30, 120])
    func theBarFitsTheWidthAndCtrlCStopsOnANewLine(_ columns: Int) async throws {
        let fixture = try await TerminalFixture(stallFrom: 41)
        let terminal = try fixture.session(["fetch", "rfc", "1-50", "--timeout", "600"], columns: columns)
        let screen = try await terminal.waitFor("the bar at 40/50") { $0.contains { $0.contains("40/50") } }
        let bar = try #require(screen.first { $0.contains("40/50") })
        #expect(bar.hasPrefix("["), "\(screen)")
        // Every line fits: nothing wrapped onto a second row.
        #expect(screen.allSatisfy { $0.count < columns }, "\(screen)")
        #expect(screen.filter { $0.contains("/50") }.count == 1, "\(screen)")

        try terminal.press("C-c")
        #expect(try await terminal.exitStatus() == 130)
        let after = try terminal.screen(history: true)
        // The message starts a line of its own, not after the bar.
        #expect(after.contains { $0.hasPrefix("reader: interrupted") }, "\(after)")
        #expect(!after.contains { $0.contains("[") && $0.contains("reader:") }, "\(after)")
        #expect(after.allSatisfy { $0.count < columns || !$0.hasPrefix("[") }, "\(after)")
        // The summary says what was cancelled and how to resume; nothing repeats it after.
        let summary = try #require(after.lastIndex { $0.contains(" of 50 done") }, "\(after)")
        // (Rows joined without their spaces: the terminal wraps the line at any column.)
        let rest = after[summary...].joined().filter { $0 != " " }
        #expect(rest.contains("cancelled(runthesamecommandagaintoresume)"), "\(after)")
        #expect(!after.contains("reader: cancelled"), "\(after)")
        let verify = try await fixture.reader().run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
    }

    @Test func aFinishedFetchLeavesItsSummaryAndNoBar() async throws {
        let fixture = try await TerminalFixture()
        let terminal = try fixture.session(["fetch", "rfc", "1-50"], columns: 80)
        #expect(try await terminal.exitStatus() == 0)
        let screen = try terminal.screen(history: true)
        #expect(screen.contains { $0.hasPrefix("50 of 50 done") }, "\(screen)")
        #expect(!screen.contains { $0.hasPrefix("[") && $0.contains("/50") }, "\(screen)")
    }
}
