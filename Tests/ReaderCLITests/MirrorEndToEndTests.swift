import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Synchronization
import Testing

/// `reader fetch rfc all`: every issued RFC of the stored index, from a real HTTP server on
/// 127.0.0.1 and from a `file://` mirror laid out as the RFC Editor's rsync copy is.
///
/// The site: the real index cut after RFC 300 (its first 300 records, the "Not Issued" ones
/// among them: 14, 26, 92, 159, …), and a text for each issued number — the corpus RFCs in
/// turn, each with its number appended so that no two are the same blob.
@Suite struct MirrorEndToEndTests {
    static let last = 300

    struct Site {
        var files: [String: [UInt8]] = [:]
        var issued: [Int] = []
        var notIssued: [Int] = []
    }

    static func site() throws -> Site {
        let index = String(decoding: try Corpus.bytes("rfc/rfc-index.txt"), as: UTF8.self)
        var kept: [Substring] = []
        var site = Site()
        // Records start with the number at the start of a line; the header before the first one is kept.
        for line in index.split(separator: "\n", omittingEmptySubsequences: false) {
            if let number = Int(line.prefix(4)), line.count > 4, line.dropFirst(4).first == " " {
                if number > last { break }
                if line.contains("Not Issued") { site.notIssued.append(number) } else { site.issued.append(number) }
            }
            kept.append(line)
        }
        site.files["/rfc-index.txt"] = Array(kept.joined(separator: "\n").utf8)
        let texts = try ["rfc1", "rfc793", "rfc2616", "rfc3986", "rfc8446", "rfc9110"].map { try Corpus.bytes("rfc/\($0).txt") }
        for number in site.issued {
            site.files["/rfc/rfc\(number).txt"] = texts[number % texts.count] + Array("\n\(number)\n".utf8)
        }
        return site
    }

    @Test func everyIssuedRFCIsFetchedOnceAndARerunResumes() async throws {
        let site = try Self.site()
        #expect(site.issued.count > 250 && site.notIssued.contains(14), "the cut index: \(site.notIssued)")
        let asked = Mutex<[String]>([])
        let files = site.files
        let server = try await LoopbackServer { request in
            asked.withLock { $0.append(request.uri) }
            return .serve(files, request: request)
        }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("e2e-mirror")
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)

        // No index yet: offline, that is the contract's "not in the store", naming the fetch.
        let offline = try await reader.run(["fetch", "rfc", "all", "--offline"])
        #expect(offline.status == 3, "\(offline)")
        #expect(offline.stderr.contains("reader fetch rfc-index"), "\(offline)")

        let mirror = try await reader.run(["fetch", "rfc", "all", "--jobs", "8"])
        #expect(mirror.status == 0, "\(mirror)")
        let count = site.issued.count
        #expect(mirror.stdout.contains("\(count) of \(count) done (\(count) fetched, 0 already stored)"), "\(mirror)")
        let uris = asked.withLock { $0 }
        #expect(uris.first == "/rfc-index.txt", "the index is fetched first")
        for number in site.notIssued { #expect(!uris.contains("/rfc/rfc\(number).txt"), "RFC \(number) was never issued") }
        #expect(Set(uris.filter { $0.hasPrefix("/rfc/") }).count == count)

        // Every RFC is there, offline, and a second run fetches nothing: a mirror resumes.
        #expect(try await reader.run(["open", "\(site.issued.last ?? 1)", "--offline", "--format", "json"]).status == 0)
        asked.withLock { $0.removeAll() }
        let again = try await reader.run(["fetch", "rfc", "all"])
        #expect(again.stdout.contains("\(count) of \(count) done (0 fetched, \(count) already stored)"), "\(again)")
        #expect(asked.withLock { $0 }.allSatisfy { !$0.hasPrefix("/rfc/") })
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
    }

    /// The RFC Editor's rsync copy keeps the texts flat beside the index; `file://` reads it so.
    @Test func aFlatFileMirrorWorksTheSame() async throws {
        let site = try Self.site()
        let mirror = try temporaryFolder("file-mirror")
        for (path, bytes) in site.files {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            try Data(bytes).write(to: URL(fileURLWithPath: mirror + "/" + name))
        }
        let store = try temporaryFolder("e2e-file-mirror")
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror], runner: .inProcess)
        let run = try await reader.run(["fetch", "rfc", "all"])
        let count = site.issued.count
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("\(count) of \(count) done (\(count) fetched, 0 already stored)"), "\(run)")
        let list = try await reader.run(["cache", "ls", "--source", "rfc", "--json"])
        let stored = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(stored?.count == count)
    }

    @Test func anRFCTheSiteLacksIsExplainedByTheStoredIndex() async throws {
        let files = try Self.site().files
        let server = try await LoopbackServer { request in .serve(files, request: request) }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("e2e-missing-rfc")
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
        // No index stored: the site's answer alone.
        let bare = try await reader.run(["open", "301"])
        #expect(bare.status == 4, "\(bare)")
        #expect(bare.stderr == "reader: \(server.baseURL)/rfc/rfc301.txt: HTTP 404 Not Found\n", "\(bare)")

        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        let beyond = try await reader.run(["open", "301"])
        #expect(beyond.status == 4, "\(beyond)")
        #expect(
            beyond.stderr.hasSuffix(
                "RFC 301 is not in the stored RFC index, whose last is RFC 300 ('reader fetch rfc-index' brings it up to date)\n"),
            "\(beyond)")
        let never = try await reader.run(["open", "14"])
        #expect(never.status == 4, "\(never)")
        #expect(never.stderr.hasSuffix("HTTP 404 Not Found; RFC 14 was never issued (the RFC index says \"Not Issued\")\n"), "\(never)")
        for run in [beyond, never] { #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run)") }
    }

    /// A partial `file://` mirror (only some of the issued RFCs, as a newcomer's sample is):
    /// what it lacks is one count in the summary, not a line each; `rfc all` still ends 0,
    /// and a rerun does not ask for it again unless `--retry-missing`.
    @Test func aPartialFileMirrorIsCountedOnceAndRememberedForTheRerun() async throws {
        let site = try Self.site()
        let mirror = try temporaryFolder("partial-mirror")
        let held = Set(site.issued.filter { $0 % 10 == 0 })
        for (path, bytes) in site.files {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let number = Int(name.dropFirst(3).dropLast(4)), !held.contains(number) { continue }
            try Data(bytes).write(to: URL(fileURLWithPath: mirror + "/" + name))
        }
        let store = try temporaryFolder("e2e-partial-mirror")
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror], runner: .inProcess)
        let lacking = site.issued.count - held.count
        let first = try await reader.run(["fetch", "rfc", "all"])
        #expect(first.status == 0, "only what the mirror lacks is not a failure: \(first)")
        #expect(!first.stderr.contains("no such file"), "\(first)")
        #expect(first.stdout.contains("\(held.count) of \(site.issued.count) done"), "\(first)")
        #expect(first.stdout.contains("\(lacking) not in the mirror: first rfc/1, rfc/2, rfc/3 …"), "\(first)")
        let gaps = try String(contentsOfFile: store + "/mirror-gaps.json", encoding: .utf8)
        #expect(gaps.contains("\"rfc/2\"") && !gaps.contains("\"rfc/10\""), "\(gaps)")

        // The rerun asks only for what the mirror holds (all stored): the rest is counted apart.
        let again = try await reader.run(["fetch", "rfc", "all"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("\(held.count) of \(held.count) done (0 fetched"), "\(again)")
        #expect(again.stdout.contains("\(lacking) not asked, the mirror lacking them last time"), "\(again)")

        // The mirror grows; --retry-missing finds the new file and forgets it as lacking.
        try Data(try #require(site.files["/rfc/rfc2.txt"])).write(to: URL(fileURLWithPath: mirror + "/rfc2.txt"))
        let retried = try await reader.run(["fetch", "rfc", "all", "--retry-missing"])
        #expect(retried.status == 0, "\(retried)")
        #expect(retried.stdout.contains("\(held.count + 1) of \(site.issued.count) done (1 fetched"), "\(retried)")
        #expect(retried.stdout.contains("\(lacking - 1) not in the mirror: first rfc/1, rfc/3, rfc/4 …"), "\(retried)")

        // Asked for by number, a file the mirror lacks is the command's failure (exit 4), and
        // the line names every file looked for: `rfc/rfc3.txt` first, then the flat `rfc3.txt`.
        let one = try await reader.run(["fetch", "rfc", "3"])
        #expect(one.status == 4, "\(one)")
        #expect(
            one.stderr == "reader: file://\(mirror)/: no such file in the mirror: neither rfc/rfc3.txt nor rfc3.txt\n", "\(one)")
        let two = try await reader.run(["fetch", "rfc", "3", "4"])
        #expect(two.status == 4, "\(two)")
        #expect(two.stdout.contains("0 of 2 done") && two.stdout.contains("2 not in the mirror"), "\(two)")
    }
}
