import Foundation
import ReaderTestHarness
import Testing

/// Hostile RFC text, index entries, web pages and tweets, fetched into a store and shown in
/// every format, to a pipe and to a terminal (a pty, colour on), through the pager too: no
/// byte that could act on a terminal comes out, the words around the sequences do, and
/// `--format json` keeps the exact text, escaped as JSON escapes.
@Suite(.serialized) struct TerminalSafetyTests {
    static let hostileSite = Once<(LoopbackServer, String)>()

    /// A store holding every hostile document, fetched once from a hostile server.
    static func fetched() async throws -> (server: LoopbackServer, store: String) {
        try await hostileSite.get {
            let files: [String: [UInt8]] = [
                "/rfc-index.txt": Hostile.index(), "/rfc/rfc793.txt": try Hostile.rfc(), "/page.html": try Hostile.page(),
            ]
            let tweets = try Hostile.tweets()
            let server = try await LoopbackServer { request in
                if request.uri.hasPrefix("/2/tweets/search/recent?") { return .ok(tweets, contentType: "application/json") }
                if request.uri.hasPrefix("/2/tweets/") {
                    let body =
                        #"{"title":"\u001b]0;owned\u0007Unauthorized","detail":"bad \u009b2J token \u202eneko","type":"about:blank"}"#
                    return .ok(Array(body.utf8), contentType: "application/json")
                }
                return .serve(files, request: request)
            }
            let store = try temporaryFolder("hostile")
            let reader = try Self.reader(server, store)
            for words in [["rfc-index"], ["rfc", "793"], [server.baseURL + "/page.html"], ["tweets", "search:x"]] {
                let fetch = try await reader.measure(["fetch"] + words)
                guard fetch.status == 0 else { throw HarnessError("fetch \(words): \(fetch)") }
                if let danger = Hostile.danger(in: fetch.stdoutBytes + fetch.stderrBytes, colour: false) {
                    throw HarnessError("fetch \(words) printed \(danger)")
                }
            }
            return (server, store)
        }
    }

    static func reader(_ server: LoopbackServer, _ store: String, _ extra: [String: String] = [:]) throws -> ReaderBinary {
        var environment = [
            "READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL, "READER_X_API_URL": server.baseURL,
            "READER_X_BEARER_TOKEN": "hostile-test-token-1234",
        ]
        for (key, value) in extra { environment[key] = value }
        return try ReaderBinary(environment: environment)
    }

    static func targets(_ server: LoopbackServer) -> [(name: String, open: String, words: Bool)] {
        [
            ("rfc", "793", true), ("rfc-index", "rfc-index", false), ("html", server.baseURL + "/page.html", true),
            ("tweets", "tweets/search:x", true),
        ]
    }

    @Test(arguments: ["text", "markdown"], [ChildProcess.Output.pipe, .terminal])
    func textAndMarkdownOfEverySourceCarryNoEscapeToAPipeOrATerminal(format: String, output: ChildProcess.Output) async throws {
        let (server, store) = try await Self.fetched()
        let terminal = output == .terminal
        // On a terminal colour is on (no NO_COLOR): only reader's own colour codes may appear.
        let reader = try Self.reader(server, store, terminal ? ["NO_COLOR": "", "TERM": "xterm"] : [:])
        for target in Self.targets(server) {
            let run = try await reader.measure(["open", target.open, "--offline", "--format", format], output: output)
            #expect(run.status == 0, "\(target.name): \(run)")
            #expect(
                Hostile.danger(in: run.stdoutBytes, colour: terminal) == nil,
                "\(target.name) \(format): \(Hostile.danger(in: run.stdoutBytes, colour: terminal) ?? "")")
            if target.words {
                for word in Hostile.visibleWords { #expect(run.stdout.contains(word), "\(target.name) \(format) lost '\(word)'") }
            }
        }
        for command in [["list", "--limit", "3"], ["search", "Host", "Software"]] {
            let run = try await reader.measure(command, output: output)
            #expect(run.status == 0 && run.stdout.contains("start"), "\(command): \(run)")
            #expect(
                Hostile.danger(in: run.stdoutBytes, colour: terminal) == nil,
                "\(command): \(Hostile.danger(in: run.stdoutBytes, colour: terminal) ?? "")")
        }
    }

    @Test func thePagerReceivesOnlySanitizedText() async throws {
        let (server, store) = try await Self.fetched()
        let paged = try temporaryFolder("pager") + "/paged.txt"
        let reader = try Self.reader(server, store, ["NO_COLOR": "", "PAGER": "cat > \(paged)"])
        for target in Self.targets(server) {
            let run = try await reader.measure(["open", target.open, "--offline"], output: .terminal)
            #expect(run.status == 0, "\(run)")
            let shown = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paged)))
            #expect(shown.count > 500, "\(target.name): the pager got \(shown.count) bytes")
            #expect(Hostile.danger(in: shown, colour: true) == nil, "\(target.name): \(Hostile.danger(in: shown, colour: true) ?? "")")
        }
    }

    @Test func jsonEscapesEveryControlAndKeepsTheExactText() async throws {
        let (server, store) = try await Self.fetched()
        let reader = try Self.reader(server, store)
        for target in Self.targets(server) {
            let run = try await reader.measure(["open", target.open, "--offline", "--format", "json"])
            #expect(run.status == 0, "\(run)")
            #expect(
                Hostile.danger(in: run.stdoutBytes, colour: false) == nil,
                "\(target.name): \(Hostile.danger(in: run.stdoutBytes, colour: false) ?? "")")
            #expect(jsonObject(run.stdout) != nil, "\(target.name): not one JSON object")
        }
        // JSON input is kept exactly: the tweet's text is the payload, control for control.
        let tweets = try await reader.measure(["open", "tweets/search:x", "--offline", "--format", "json"])
        let items = try #require(jsonObject(tweets.stdout)?["items"] as? [[String: Any]])
        #expect(items.first?["text"] as? String == Hostile.payload(nul: true))
        #expect(tweets.stdout.contains(#"\u001b[2J"#) && tweets.stdout.contains(#"\u009b2J"#) && tweets.stdout.contains(#"\u202e"#))
        for command in [["list", "--limit", "1", "--json"], ["search", "Host", "Software", "start", "--json"]] {
            let run = try await reader.measure(command)
            #expect(Hostile.danger(in: run.stdoutBytes, colour: false) == nil, "\(command)")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [[String: Any]])
            let title = try #require(entries.first?["title"] as? String)
            #expect(title.contains("\u{1B}[31mred"), "\(command): \(run)")
        }
    }

    @Test func errorLinesFromAHostileServerAreSanitizedToo() async throws {
        let (server, store) = try await Self.fetched()
        // The API answers with an error whose title and detail carry sequences.
        let reader = try Self.reader(server, store, ["READER_X_API_URL": server.baseURL + "/2/tweets/hostile"])
        for output in [ChildProcess.Output.pipe, .terminal] {
            let run = try await reader.measure(["fetch", "tweets", "search:y", "--verbose"], output: output)
            #expect(run.status == 5, "\(run)")
            #expect(run.stderr.contains("Unauthorized") && run.stderr.contains("token"), "\(run)")
            #expect(
                Hostile.danger(in: run.stderrBytes + run.stdoutBytes, colour: false) == nil,
                "\(Hostile.danger(in: run.stderrBytes, colour: false) ?? "")")
        }
    }
}

/// Nothing but `reader`'s own lines reaches stderr: libxml2's diagnostics on a page whose
/// bytes do not fit its declared encoding stay inside.
@Suite struct QuietParserTests {
    @Test(arguments: ["shift_jis", "utf-16", "iso-2022-jp"])
    func aPageWithBytesItsEncodingCannotReadPrintsNothingOnStderr(charset: String) async throws {
        let folder = try temporaryFolder("encoding")
        let page = folder + "/page.html"
        let html =
            Array("<html><head><meta charset=\"\(charset)\"><title>Encoding</title></head><body><p>Hello ".utf8)
            + [0xFF, 0x03, 0x82, 0x20, 0xFE] + Array(" world, a paragraph long enough to be kept as the content.</p></body></html>".utf8)
        try Data(html).write(to: URL(fileURLWithPath: page))
        let run = try await ReaderBinary(environment: ["READER_CACHE_DIR": folder + "/store"]).measure(["open", page])
        #expect(run.status == 0 || run.status == 5, "\(run)")
        #expect(run.status == 0 ? run.stderr.isEmpty : run.stderr.split(separator: "\n").count == 1, "\(run)")
    }
}
