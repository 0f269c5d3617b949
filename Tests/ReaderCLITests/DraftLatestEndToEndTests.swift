import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch draft NAME` and `reader open draft-NAME` without a version, through the built
/// binary: the latest as the datatracker's `doc.json` says (`rev`), else the newest stored. The
/// archive is Tests/Corpus/drafts (real versions -07 and -08 of draft-nottingham-rfc5988bis);
/// the datatracker's answers are SYNTHETIC, made here in the shape of the real
/// `/doc/NAME/doc.json` (its `name` and `rev` members), served on loopback.
@Suite struct DraftLatestEndToEndTests {
    let store: String
    static let name = "draft-nottingham-rfc5988bis"

    init() throws {
        store = try temporaryFolder("e2e-draft-latest")
    }

    func reader(datatracker: String) throws -> ReaderBinary {
        try ReaderBinary(
            environment: [
                "READER_CACHE_DIR": store, "READER_IETF_ARCHIVE_URL": Corpus.url("drafts").absoluteString,
                "READER_DATATRACKER_URL": datatracker,
            ], runner: .binary)
    }

    /// A synthetic doc.json (shape of the datatracker's): `rev` as given.
    static func docJSON(rev: String) -> [UInt8] {
        Array("{\"name\": \"\(name)\", \"rev\": \(rev), \"title\": \"Web Linking\", \"state\": \"RFC\"}".utf8)
    }

    func version(_ reader: ReaderBinary, _ arguments: [String]) async throws -> String? {
        let run = try await reader.run(arguments + ["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["version"] as? String
    }

    @Test func theDatatrackerNamesTheLatestVersion() async throws {
        let server = try await LoopbackServer { request in
            request.uri == "/doc/\(Self.name)/doc.json" ? .ok(Self.docJSON(rev: "\"08\""), contentType: "application/json") : .status(404)
        }
        defer { Task { await server.stop() } }
        let reader = try reader(datatracker: server.baseURL)
        let fetch = try await reader.run(["fetch", "draft", Self.name])
        #expect(fetch.status == 0, "\(fetch)")
        #expect((fetch.stdout + fetch.stderr).contains("\(Self.name)-08"), "\(fetch)")
        #expect(server.requests.map(\.uri) == ["/doc/\(Self.name)/doc.json"])
        #expect(try await version(reader, ["open", "\(Self.name)-08", "--offline"]) == "08")
        #expect(try await reader.run(["open", "\(Self.name)-07", "--offline"]).status == 3)
    }

    /// `open draft-NAME`: the newest stored version, without asking anyone.
    @Test func openWithoutVersionIsTheNewestStored() async throws {
        let closed = try ClosedPort()
        let reader = try reader(datatracker: closed.baseURL)
        #expect(try await reader.run(["fetch", "\(Self.name)-08", "\(Self.name)-07"]).status == 0)
        #expect(try await version(reader, ["open", Self.name, "--offline"]) == "08")
        #expect(try await version(reader, ["open", Self.name]) == "08")
        let text = try await reader.run(["open", Self.name, "--offline"])
        #expect(text.status == 0 && text.stdout.contains("Web Linking"), "\(text)")
    }

    /// The datatracker unreachable: the newest stored stands in, said in the one summary line;
    /// nothing stored, one line, exit 4.
    @Test func unreachableTheNewestStoredStandsIn() async throws {
        let closed = try ClosedPort()
        let reader = try reader(datatracker: closed.baseURL)
        let none = try await reader.run(["fetch", "draft", Self.name])
        #expect(none.status == 4, "\(none)")
        #expect(none.stderr.hasPrefix("reader: ") && none.stderr.split(separator: "\n").count == 1, "\(none)")

        #expect(try await reader.run(["fetch", "\(Self.name)-07"]).status == 0)
        let run = try await reader.run(["fetch", "draft", Self.name])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("\(Self.name)-07") && run.stdout.contains("the newest stored"), "\(run)")
        let offline = try await reader.run(["fetch", "draft", Self.name, "--offline"])
        #expect(offline.status == 0 && offline.stdout.contains("\(Self.name)-07"), "\(offline)")
    }

    /// An answer that is HTML, huge, or whose rev is no version: one line, nothing stored.
    @Test(arguments: [
        ("<!DOCTYPE html><html><body>\u{1B}[2J rev 08</body></html>", "not a JSON object"),
        ("{\"rev\": \"-999\"}", "names no document"),
        ("{\"rev\": \"../x\"}", "names no document"),
        ("{\"rev\": \"\\u001b]0;owned\\u0007\"}", "names no document"),
        ("{\"name\": \"x\"}", "no \"rev\""),
        ("huge", "longer than 1 MiB"),
    ])
    func aBadAnswerIsOneLine(answer: String, words: String) async throws {
        let body =
            answer == "huge"
            ? Array("{\"rev\": \"08\", \"pad\": \"".utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array("\"}".utf8)
            : Array(answer.utf8)
        let server = try await LoopbackServer { _ in .ok(body, contentType: "application/json") }
        defer { Task { await server.stop() } }
        let reader = try reader(datatracker: server.baseURL)
        let run = try await reader.run(["fetch", "draft", Self.name])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(run.stderr.contains(words), "\(run)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"))
        #expect(try await reader.run(["cache", "ls"]).stdout.contains("draft-") == false)
    }
}
