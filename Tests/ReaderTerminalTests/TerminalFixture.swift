import Foundation
import ReaderTestHarness
import ReaderTestSupport

/// A store and a loopback RFC Editor for the terminal tests, and the environment `reader` gets
/// in the pane: a person's, with no `PAGER` (so the default, `less -R`) and no `NO_COLOR`.
struct TerminalFixture {
    let store: String
    let server: LoopbackServer
    let binary: String

    /// Serves the index and RFC 793 as themselves, and every other RFC up to 60 as a copy of
    /// RFC 1; RFCs from `stallFrom` on are accepted and never answered.
    init(stallFrom: Int = .max) async throws {
        store = try temporaryFolder("terminal-store")
        let rfc1 = try Corpus.bytes("rfc/rfc1.txt")
        var files = [
            "/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt"),
            "/rfc/rfc793.txt": try Corpus.bytes("rfc/rfc793.txt"),
        ]
        for number in 1...60 where number != 793 { files["/rfc/rfc\(number).txt"] = rfc1 }
        let served = files
        server = try await LoopbackServer { request in
            let number = Int(request.uri.dropFirst("/rfc/rfc".count).prefix { $0.isNumber }) ?? 0
            return number >= stallFrom && number < 793 ? .stall : .serve(served, request: request)
        }
        binary = try ReaderBinary().path
    }

    /// A person's environment: a UTF-8 locale, a PATH with `less`, the store and the server.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8",
            "READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL,
        ]
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// `reader` through pipes, for setting up and checking the store.
    func reader() throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL])
    }

    /// The index and RFC 793 stored, as a person has them after `reader fetch`.
    func storeRFC793() async throws {
        for words in [["fetch", "rfc-index"], ["fetch", "rfc", "793"]] {
            let run = try await reader().run(words)
            guard run.status == 0 else { throw HarnessError("reader \(words.joined(separator: " ")): \(run)") }
        }
    }

    /// `reader arguments…` in a terminal of `columns` × `rows`.
    func session(
        _ arguments: [String], columns: Int = 100, rows: Int = 30, environment extra: [String: String] = [:]
    ) throws
        -> TerminalSession
    {
        try TerminalSession(columns: columns, rows: rows, environment: environment(extra), [binary] + arguments)
    }
}

extension [UInt8] {
    /// Whether these bytes hold an escape sequence (ESC, or a C1 CSI).
    var hasEscape: Bool { contains(0x1B) || contains(0x9B) }
}
