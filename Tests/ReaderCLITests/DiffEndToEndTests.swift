import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader diff A B` through the built binary: two stored RFCs by their shorthands, two files,
/// the contract's JSON, the word diff in a pipe and in colour on a terminal, and what it says
/// when it cannot compare.
@Suite struct DiffEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-diff")
    }

    /// RFC 2616 and RFC 9110, which obsoletes it, stored from a loopback RFC Editor.
    func storedPair() async throws -> ReaderBinary {
        let files = [
            "/rfc/rfc2616.txt": try Corpus.bytes("rfc/rfc2616.txt"), "/rfc/rfc9110.txt": try Corpus.bytes("rfc/rfc9110.txt"),
        ]
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL])
        let fetch = try await reader.run(["fetch", "rfc", "2616", "9110"])
        await server.stop()
        try #require(fetch.status == 0, "\(fetch)")
        return reader
    }

    @Test func twoStoredRFCsBySectionThenWordsOffline() async throws {
        let reader = try await storedPair()
        let text = try await reader.run(["diff", "2616", "rfc", "9110", "--offline"])
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "RFC 2616 → RFC 9110")
        #expect(lines.dropFirst().first?.contains(" changed, ") == true && lines.dropFirst().first?.contains(" words added, ") == true)
        #expect(lines.contains { $0.hasPrefix("changed  1.1 Purpose  (+") })
        #expect(lines.contains { $0.hasPrefix("added    1.2 History and Evolution  (") })
        // In a pipe: git's plain word diff, and no escape sequence.
        #expect(text.stdout.contains("[-") && text.stdout.contains("{+"))
        #expect(!text.stdout.contains("\u{1B}"))

        let json = try await reader.run(["diff", "rfc/2616", "9110", "--offline", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["a"] as? String == "rfc/2616" && object["b"] as? String == "rfc/9110")
        let sections = try #require(object["sections"] as? [[String: Any]])
        let purpose = try #require(sections.first { ($0["b"] as? [String: Any])?["title"] as? String == "Purpose" })
        #expect(purpose["change"] as? String == "changed")
        #expect((purpose["a"] as? [String: Any])?["number"] as? String == "1.1")
        let words = try #require(purpose["words"] as? [String: Int])
        #expect((words["added"] ?? 0) > 0 && (words["removed"] ?? 0) > 0)
        // Every part has the contract's keys; a side that is absent is null, not missing.
        #expect(sections.allSatisfy { $0.keys.sorted() == ["a", "b", "change", "words"] })
        #expect(sections.contains { $0["change"] as? String == "added" && $0["a"] is NSNull })
        #expect(Set(sections.compactMap { $0["change"] as? String }).isSubset(of: ["added", "removed", "changed", "moved", "same"]))
    }

    @Test func whatCannotBeComparedIsSaidInOneLine() async throws {
        let reader = try await storedPair()
        let absent = try await reader.run(["diff", "2616", "793", "--offline"])
        #expect(absent.status == 3, "\(absent)")
        #expect(absent.stderr.contains("reader fetch rfc 793"))
        let one = try await reader.run(["diff", "2616", "--offline"])
        #expect(one.status == 64, "\(one)")
        // One document: its last two versions, and RFC 2616 has one.
        #expect(one.stderr.contains("has one stored version") && one.stderr.contains("'reader diff A B'"))
        #expect(one.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFileAgainstItselfHasNoDifferences() async throws {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store])
        let file = Corpus.url("rfc/rfc793.txt").path
        let same = try await reader.run(["diff", file, file])
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.contains("no differences"))
        #expect(same.stdout.contains(" same;"))
    }

    /// On a terminal that shows colour: removed words red, added green, without the brackets.
    @Test func inATerminalRemovedWordsAreRedAndAddedGreen() async throws {
        let binary = try ReaderBinary().path
        let a = Corpus.url("rfc/rfc2616.txt").path
        let b = Corpus.url("rfc/rfc9110.txt").path
        let session = try TerminalSession(
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "READER_CACHE_DIR": store],
            [binary, "diff", a, b, "--no-pager"])
        #expect(try await session.exitStatus() == 0)
        let raw = String(decoding: session.rawOutput, as: UTF8.self)
        #expect(raw.contains("\u{1B}[31m") && raw.contains("\u{1B}[32m"))
        #expect(!raw.contains("{+"))
        // The sections' lines as a person sees them (the first ones may have scrolled away).
        let screen = try session.screen(history: true)
        #expect(screen.contains { $0.hasPrefix("changed  ") } && screen.contains { $0.hasPrefix("added    ") })
    }
}
