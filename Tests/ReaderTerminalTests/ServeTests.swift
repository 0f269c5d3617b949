import AsyncHTTPClient
import Foundation
import ReaderTestHarness
import Testing

/// `reader serve` in a real terminal, as a person starts and stops it: one line with the
/// address, pages answered meanwhile, Ctrl-C ending it with the contract's 130 and nothing left
/// running.
@Suite struct ServeTests {
    @Test func serveShowsItsAddressAnswersThereAndStopsCleanlyOnCtrlC() async throws {
        let fixture = try await TerminalFixture()
        try await fixture.storeRFC793()
        let terminal = try fixture.session(["serve", "--port", "0"])
        let screen = try await terminal.waitFor("the address") { lines in
            lines.contains { $0.contains("serving the store at http://127.0.0.1:") }
        }
        let line = try #require(screen.first { $0.contains("serving the store at") })
        #expect(line == screen.first, "the address is the first thing said")
        let address = try #require(line.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.0) })

        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: address + "rfc/793"), timeout: .seconds(60))
        #expect(response.status.code == 200)
        let body = String(buffer: try await response.body.collect(upTo: 1 << 24))
        #expect(body.contains("<h1>RFC 793: Transmission Control Protocol</h1>"))

        try terminal.press("C-c")
        #expect(try await terminal.exitStatus() == 130)
        #expect(try terminal.leftoverProcesses() == [])
        let after = try terminal.screen(history: true)
        #expect(after.contains { $0.contains("reader: interrupted; stopping") }, "\(after)")
        #expect(after.contains("reader: cancelled"), "\(after)")
        #expect(!after.contains { $0.contains("Fatal") || $0.contains("error:") }, "\(after)")
        // Nothing listens there any more.
        await #expect(throws: (any Error).self) {
            _ = try await HTTPClient.shared.execute(HTTPClientRequest(url: address), timeout: .seconds(10))
        }
    }

    @Test func listeningBeyondThisMachineIsSaidBeforeItStarts() async throws {
        let fixture = try await TerminalFixture()
        let terminal = try fixture.session(["serve", "--host", "0.0.0.0", "--port", "0"])
        let screen = try await terminal.waitFor("the address") { lines in
            lines.contains { $0.contains("serving the store at http://0.0.0.0:") }
        }
        #expect(screen.first?.hasPrefix("reader: warning: listening on 0.0.0.0") == true, "\(screen)")
        try terminal.press("C-c")
        #expect(try await terminal.exitStatus() == 130)
    }
}
