import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Every version kept, through the built binary: a document at one URL that changed between
/// two fetches (a real Internet-Draft, version 07 then 08, served at one address), its
/// history, an earlier version opened by number and by date, `diff KEY`, `gc` keeping and
/// forgetting versions, `verify` checking them, a listing that keeps none, and the bad input.
@Suite struct VersionsEndToEndTests {
    let store: String
    let reader: ReaderBinary
    let server: LoopbackServer
    let url: String

    init() async throws {
        store = try temporaryFolder("e2e-versions")
        let first = try Corpus.bytes("drafts/draft-nottingham-rfc5988bis-07.txt")
        server = try await LoopbackServer { _ in .ok(first) }
        url = server.baseURL + "/web-linking.txt"
        reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store])
    }

    /// Fetched as draft 07, then again once the address serves draft 08.
    func twoVersions() async throws {
        #expect(try await reader.run(["fetch", url]).status == 0)
        let second = try Corpus.bytes("drafts/draft-nottingham-rfc5988bis-08.txt")
        server.setHandler { _ in .ok(second) }
        let again = try await reader.run(["fetch", url])
        #expect(again.status == 0, "\(again)")
        await server.stop()
    }

    @Test func aChangedDocumentKeepsItsEarlierVersion() async throws {
        try await twoVersions()
        let history = try await reader.run(["history", url])
        #expect(history.status == 0, "\(history)")
        let lines = history.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(history)")
        #expect(lines.first?.hasPrefix("1  ") == true && lines.first?.hasSuffix("first stored") == true, "\(history)")
        // What changed, in a line: sections, then words.
        #expect(lines.last?.hasPrefix("2  ") == true, "\(history)")
        #expect(lines.last?.contains(" sections changed, +") == true && lines.last?.contains(" words  (latest)") == true, "\(history)")

        let json = try await reader.run(["history", url, "--json"])
        let versions = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(versions.map { $0["number"] as? Int } == [1, 2])
        #expect((versions[1]["wordsAdded"] as? Int ?? 0) > 0 && (versions[1]["wordsRemoved"] as? Int ?? 0) > 0)
        #expect(versions[0]["size"] as? Int == (try Corpus.bytes("drafts/draft-nottingham-rfc5988bis-07.txt")).count)

        // Version 1 is draft 07's text, said to be an earlier one; the latest is draft 08's.
        let old = try await reader.run(["open", url, "--version", "1", "--no-pager"])
        #expect(old.status == 0, "\(old)")
        #expect(old.stdout.contains("Version 1 of 2, fetched "), "\(old)")
        #expect(old.stdout.contains("July 18, 2017") && !old.stdout.contains("September 22, 2017"))
        let latest = try await reader.run(["open", url, "--no-pager"])
        #expect(latest.stdout.contains("September 22, 2017") && !latest.stdout.contains("Version "))
        let oldJSON = try await reader.run(["open", url, "--version", "1", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(oldJSON.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1 && object["versions"] as? Int == 2)
        #expect((object["text"] as? String)?.contains("July 18, 2017") == true)
        // By date: the latest version of that day.
        let day = String((versions[0]["fetchedAt"] as? String ?? "").prefix(10))
        let byDate = try await reader.run(["open", url, "--version", day, "--no-pager"])
        #expect(byDate.status == 0 && byDate.stdout.contains("September 22, 2017"), "\(byDate)")

        // `diff KEY`: the latest against the one before.
        let diff = try await reader.run(["diff", url, "--no-pager"])
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdout.hasPrefix("\(url) version 1 → \(url) version 2\n"), "\(diff)")
        #expect(diff.stdout.contains("[-July 18,-] {+September 22,+}"), "\(diff)")
        let diffJSON = try await reader.run(["diff", url, "--format", "json"])
        #expect(jsonObject(diffJSON.stdout)?["a"] as? String == url)
    }

    @Test func gcKeepsVersionsVerifyChecksThemKeepVersionsForgets() async throws {
        try await twoVersions()
        let gc = try await reader.run(["cache", "gc"])
        #expect(gc.status == 0 && gc.stdout.hasPrefix("removed 0 blobs"), "\(gc)")
        #expect(try await reader.run(["open", url, "--version", "1", "--no-pager"]).status == 0)
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")

        // A version's blob gone from outside: verify names the version.
        let history = try await reader.run(["history", url, "--json"])
        #expect(history.status == 0)
        let catalog = try #require(jsonObject(try String(contentsOfFile: store + "/catalog.json", encoding: .utf8)))
        let entry = try #require((catalog["entries"] as? [String: Any])?[url] as? [String: Any])
        let earlier = try #require((entry["versions"] as? [[String: Any]])?.first)
        let raw = try #require(earlier["raw"] as? String)
        let blob = store + "/objects/" + raw.prefix(2) + "/" + raw.dropFirst(2)
        let saved = try Data(contentsOf: URL(fileURLWithPath: blob))
        try FileManager.default.removeItem(atPath: blob)
        let damaged = try await reader.run(["cache", "verify"])
        #expect(damaged.status == 6, "\(damaged)")
        #expect(
            damaged.stdout.contains("version 1 names missing blob \(raw)") || damaged.stderr.contains("version 1 names missing blob"),
            "\(damaged)")
        try saved.write(to: URL(fileURLWithPath: blob))

        let forget = try await reader.run(["cache", "gc", "--keep-versions", "0"])
        #expect(forget.status == 0, "\(forget)")
        #expect(forget.stdout.contains("forgot 1 earlier versions"), "\(forget)")
        #expect(!FileManager.default.fileExists(atPath: blob))
        let after = try await reader.run(["history", url])
        #expect(after.stdout.split(separator: "\n").count == 1, "\(after)")
        #expect(try await reader.run(["cache", "verify"]).status == 0)
    }

    @Test func badVersionsAreOneLineEach() async throws {
        try await twoVersions()
        let cases: [([String], Int32, String)] = [
            (["open", url, "--version", "0"], 64, "numbered from 1"),
            (["open", url, "--version", "99"], 64, "has no version 99: the store holds versions 1 to 2"),
            (["open", url, "--version", "1999-01-01"], 64, "has no version of 1999-01-01: its versions are of "),
            (["open", url, "--version", "yesterday"], 64, "--version takes a version number"),
            (["open", url, url, "--version", "1"], 64, "--version opens one document"),
            (["history", server.baseURL + "/never-fetched"], 3, "is not in the store"),
            (["open", server.baseURL + "/never-fetched", "--version", "1"], 3, "is not in the store"),
            (["cache", "gc", "--keep-versions=-1"], 64, "--keep-versions takes a count"),
        ]
        for (arguments, status, words) in cases {
            let run = try await reader.run(arguments)
            #expect(run.status == status, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains(words), "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
        }
        // Nothing stored half-way by any of them.
        #expect(try await reader.run(["cache", "verify"]).status == 0)
    }

    @Test func oneVersionHasNothingToDiff() async throws {
        #expect(try await reader.run(["fetch", url]).status == 0)
        await server.stop()
        let diff = try await reader.run(["diff", url])
        #expect(diff.status == 64, "\(diff)")
        #expect(diff.stderr.contains("has one stored version") && diff.stderr.contains("'reader diff A B'"), "\(diff)")
        #expect(diff.stderr.split(separator: "\n").count == 1)
    }

    /// The RFC index is a listing: a revalidation that brings a new index replaces it, for
    /// every RFC it lists keeps its own versions (a copy of megabytes a day would be kept else).
    @Test func aListingKeepsNoVersions() async throws {
        await server.stop()
        let index = try Corpus.bytes("rfc/rfc-index.txt")
        let site = try await LoopbackServer { _ in .ok(index) }
        let rfcReader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": site.baseURL])
        #expect(try await rfcReader.run(["fetch", "rfc-index"]).status == 0)
        let shorter = Array(
            String(decoding: index, as: UTF8.self).replacingOccurrences(of: "Transmission Control", with: "Transfer Control").utf8)
        site.setHandler { _ in .ok(shorter) }
        #expect(try await rfcReader.run(["fetch", "rfc-index"]).status == 0)
        await site.stop()
        let history = try await rfcReader.run(["history", "rfc-index"])
        #expect(history.status == 0, "\(history)")
        #expect(history.stdout.split(separator: "\n").count == 1, "\(history)")
    }
}

private func jsonObject(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
}
