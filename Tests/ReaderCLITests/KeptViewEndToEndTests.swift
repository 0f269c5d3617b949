import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader open` of a document opened before writes its kept view, without the argument
/// parser; the output is the same byte for byte as the full path's, and still sanitized.
@Suite struct KeptViewEndToEndTests {
    let store: String
    let reader: ReaderBinary

    init() throws {
        store = try temporaryFolder("e2e-views")
        let mirror = try temporaryFolder("mirror")
        for name in ["rfc-index.txt", "rfc793.txt"] {
            try Data(try Corpus.bytes("rfc/\(name)")).write(to: URL(fileURLWithPath: "\(mirror)/\(name)"))
        }
        reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror], runner: .inProcess)
    }

    @Test(arguments: [[], ["--format", "markdown"], ["--format", "json"], ["--no-pager"]])
    func theQuickPathWritesWhatTheFullPathWrites(options: [String]) async throws {
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        #expect(try await reader.run(["fetch", "rfc", "793"]).status == 0)
        // First open: rendered and kept. Second: the kept view. `--verbose` takes the full path.
        let first = try await reader.run(["open", "793", "--offline"] + options)
        let second = try await reader.run(["open", "793", "--offline"] + options)
        let full = try await reader.run(["open", "793", "--offline", "--verbose"] + options)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Obsoleted by RFC 9293"))
        #expect(second.stdout == first.stdout)
        #expect(full.stdout == first.stdout)
        #expect(second.stderr.isEmpty)
        // Two documents in one call, as the full path prints them.
        let both = try await reader.run(["open", "793", "rfc-index", "--offline"] + options)
        let bothAgain = try await reader.run(["open", "793", "rfc-index", "--offline"] + options)
        #expect(both.status == 0)
        #expect(bothAgain.stdout == both.stdout)
        #expect(both.stdout.hasPrefix(first.stdout.hasSuffix("\n") ? String(first.stdout.dropLast()) : first.stdout))
    }

    @Test func aKeptViewThatWasTamperedWithIsStillSanitized() async throws {
        #expect(try await reader.run(["fetch", "rfc", "793"]).status == 0)
        #expect(try await reader.run(["open", "793"]).status == 0)
        let views = try FileManager.default.subpathsOfDirectory(atPath: store + "/views").filter { $0.contains("/") }
        let path = try #require(views.first.map { store + "/views/" + $0 })
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2Jclear \u{9B}31m red\u{202E}\n"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let newline = try #require(text.firstIndex(of: "\n"))
        let header = text[..<newline].split(separator: " ")
        let changed = hostile + text[text.index(after: newline)...]
        let newHeader = ([header[0], header[1], Substring(String(changed.utf8.count))] + header.dropFirst(3)).joined(separator: " ")
        try (newHeader + "\n" + changed).write(toFile: path, atomically: true, encoding: .utf8)
        let open = try await reader.run(["open", "793"])
        #expect(open.stdout.hasPrefix("clear  red\n"))
        #expect(!open.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x07 })
    }
}
