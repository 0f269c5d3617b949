import Foundation
import ReaderTestHarness
import Testing

/// The one rule for catalog keys (ReaderKit's `CatalogKey`), seen from outside: a key stored
/// before the rule that breaks it — a newline, a NUL, an escape sequence, a bidi override, the
/// empty string — is shown by `cache ls` on one line in a printable form, and `cache rm` takes
/// that form back, so every stored key can be removed; a URL that cannot be a key is refused
/// before anything is fetched.
@Suite struct KeyRuleTests {
    @Test func everyStoredKeyIsListedOnOneLineAndCanBeRemoved() async throws {
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        let folder = try temporaryFolder("bad-keys")
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": folder, "READER_RFC_EDITOR_URL": site.baseURL])
        #expect(try await reader.measure(["fetch", "rfc", "1"]).status == 0)
        // What a pull of 0.8.0 wrote: the same entry under keys that are not keys.
        let path = folder + "/catalog.json"
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var entries = try #require(catalog["entries"] as? [String: Any])
        let entry = try #require(entries["rfc/1"])
        let bad = [
            "a\u{0}b": #"a\u{0}b"#, "multi\nline": #"multi\u{A}line"#, "\u{1B}]0;owned\u{7}": #"\u{1B}]0;owned\u{7}"#,
            "evil\u{202E}txt": #"evil\u{202E}txt"#, "": #""""#, #"back\slash"# + "\n": #"back\\slash\u{A}"#,
        ]
        for key in bad.keys { entries[key] = entry }
        catalog["entries"] = entries
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))

        let listed = try await reader.measure(["cache", "ls"])
        #expect(listed.status == 0, "\(listed)")
        let lines = listed.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == bad.count + 1, "\(listed)")
        for printable in bad.values {
            #expect(lines.contains { $0.hasPrefix(printable + "  rfc") }, "\(printable): \(listed)")
        }
        #expect(!listed.stdout.contains("\u{1B}") && !listed.stdout.contains("\u{202E}") && !listed.stdout.contains("\u{0}"))

        let removed = try await reader.measure(["cache", "rm"] + bad.values.sorted())
        #expect(removed.status == 0, "\(removed)")
        #expect(try await storedKeys(reader) == ["rfc/1"])
        let verify = try await reader.measure(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
    }

    @Test func aURLThatCannotBeAKeyIsRefusedBeforeAnyRequest() async throws {
        let site = try await LoopbackServer { _ in .ok(Array("<html><title>t</title></html>".utf8), contentType: "text/html") }
        defer { Task { await site.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("bad-url-key")])
        let long = site.baseURL + "/" + String(repeating: "a", count: 5000)
        let run = try await reader.measure(["fetch", long])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains("longer than 2048 bytes"), "\(run)")
        #expect(site.requests.isEmpty)
    }
}
