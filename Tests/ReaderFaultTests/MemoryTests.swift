import Foundation
import ReaderTestHarness
import Testing

/// Memory bounded per process, not per body: a download costs buffers (its bytes go to the
/// store as they arrive), parses share one budget (`READER_MEMORY_BUDGET`), and a large index
/// is listed without decoding all of it. Each bound here is one the code before this suite
/// broke many times over (see each test); the release figures against the goals are
/// `Benchmarks/compare-memory.sh`'s.
@Suite struct MemoryTests {
    static let megabyte = 1 << 20

    /// Before: every body was collected in memory up to the 256 MB limit, so four bombs at
    /// `--jobs 4` held about a gigabyte (sixteen at `--jobs 16`: 2.2 GB).
    @Test func gzipBombsAtManyJobsCostBuffersNotBodies() async throws {
        let bomb = ContractBlobs.bomb(expandingTo: 1 << 30)
        let server = try await LoopbackServer(isolated: true) { _ in
            .respond(status: 200, headers: [("Content-Type", "text/html"), ("Content-Encoding", "deflate")], body: bomb)
        }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("reader-memory")
        let urls = (1...4).map { "\(server.baseURL)/bomb/\($0)" }
        // The bombs arrive at once; a generous timeout keeps a loaded machine from turning one
        // into a timeout instead of the limit this test is about.
        let run = try await reader(store: store).measure(
            ["fetch", "--jobs", "4", "--timeout", "60"] + urls, measureMemory: true, timeout: 300)
        #expect(run.status == 4, "\(run)")
        // One line per request, each naming its URL once and what the body did.
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 4 && lines.allSatisfy { $0.contains("expands past the limit") }, "\(run)")
        #expect(
            urls.allSatisfy { url in lines.contains { $0.hasPrefix(url + ":") && $0.components(separatedBy: url).count == 2 } }, "\(run)")
        let peak = try #require(run.peakMemory)
        #expect(peak < 96 * Self.megabyte, "\(run)")
        #expect(leftovers(in: store).isEmpty, "\(leftovers(in: store))")
        print("memory: 4 gzip bombs at --jobs 4: exit 4, peak \(peak / Self.megabyte) MB")
    }

    /// Before: a body was parsed however large it was. Now one whose parse alone would take more
    /// than the budget is refused (exit 5, the setting named) without being read into memory,
    /// and nothing of it stays in the store.
    @Test func aBodyOverTheParseBudgetIsRefusedBeforeItIsRead() async throws {
        // The real index, four times over: about 8 MB, three times that to parse.
        let body = Array(repeating: RFCSite.index, count: 4).flatMap { $0 }
        try #require(body.count > 7 * Self.megabyte)
        let server = try await LoopbackServer(isolated: true) { _ in .ok(body) }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("reader-memory")
        let run = try await reader(store: store, site: server, ["READER_MEMORY_BUDGET": "16"])
            .measure(["fetch", "rfc-index"], measureMemory: true)
        #expect(run.status == 5, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains("READER_MEMORY_BUDGET"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(leftovers(in: store).isEmpty, "\(leftovers(in: store))")
        let within = try await reader(store: store, site: server, ["READER_MEMORY_BUDGET": "64"]).run(["fetch", "rfc-index"])
        #expect(within.status == 0, "\(within)")
    }

    /// Before: the index was fetched with its body, its JSON, the compressed JSON and the entry
    /// table whole in memory at once, and `list --limit 3` decoded every entry (a million-line
    /// index: 2.2 GB to fetch, 1.28 GB and 4.3 s to list three).
    @Test func aLargeIndexIsFetchedAndListedInBoundedMemory() async throws {
        let count = 200_000
        let index = Self.syntheticIndex(entries: count)
        let server = try await LoopbackServer(isolated: true) { _ in .ok(index) }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("reader-memory")
        // Memory is measured here, not speed: a debug build parsing 200,000 entries on a machine
        // busy with the rest of the suite may pass the 60 s parse guard, which is not under test.
        let binary = try reader(store: store, site: server, ["READER_PARSE_TIMEOUT": "600"])
        let fetch = try await binary.measure(["fetch", "rfc-index"], measureMemory: true, timeout: 600)
        #expect(fetch.status == 0 && fetch.stdout.contains("\(count) entries"), "\(fetch)")
        let fetchPeak = try #require(fetch.peakMemory)
        // The body alone is 27 MB; the parsed entries are most of the rest.
        #expect(fetchPeak < 256 * Self.megabyte, "\(fetch)")

        let list = try await binary.measure(["list", "--limit", "3"], measureMemory: true)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.split(separator: "\n").map { $0.split(separator: " ").first } == ["1", "2", "3"], "\(list)")
        let listPeak = try #require(list.peakMemory)
        #expect(listPeak < 64 * Self.megabyte, "\(list)")

        // A filter reads every entry, holding only those it keeps; the last entry is found.
        let last = try await binary.measure(["list", "--year", "2025", "--json"], measureMemory: true, timeout: 600)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout.contains("\"number\":\(count),") || last.stdout.contains("\"number\": \(count),"), "\(last.stderr)")
        #expect(try #require(last.peakMemory) < 128 * Self.megabyte, "\(last.stderr)")
        print(
            "memory: a \(count)-entry index (\(index.count / Self.megabyte) MB): fetch peak \(fetchPeak / Self.megabyte) MB, list --limit 3 peak \(listPeak / Self.megabyte) MB"
        )
    }

    /// Synthetic (no real index is this large): one entry per line, the layout the RFC Editor
    /// uses since 2026, every year from 1969 to 2025 in turn, so the last entry is of 2025.
    static func syntheticIndex(entries count: Int) -> [UInt8] {
        var text = "RFC INDEX\n\n"
        text.reserveCapacity(count * 140)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        for number in 1...count {
            let year = 2025 - (count - number) % 57
            text +=
                "\(number) Synthetic Extension \(number) for Tests. A. Author. \(months[number % 12]) \(year). "
                + "(Format: TXT) (Status: PROPOSED STANDARD) (DOI: 10.17487/RFC\(number))\n"
        }
        return Array(text.utf8)
    }

    /// Files a request left behind that no catalog entry names: temporary files and blobs.
    private func leftovers(in store: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: store + "/objects")?.allObjects as? [String] ?? []
        return files.filter { $0.contains(".tmp-") || $0.count == 65 }
    }
}
