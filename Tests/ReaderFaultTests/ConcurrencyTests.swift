import Foundation
import ReaderTestHarness
import Testing

/// Four `reader` processes fetching overlapping sets of RFCs into one store at once, with
/// `cache gc` running beside them in some rounds: every entry any of them fetched must be
/// present and readable afterwards.
@Suite struct ConcurrencyTests {
    @Test func fourProcessesFetchingOverlappingSetsLoseNothing() async throws {
        let server = try await LoopbackServer(RFCSite.handler(pace: (chunk: 8192, interval: 0.005)))
        defer { Task { await server.stop() } }
        var expected = 0
        var lost = 0
        for round in 0..<3 {
            let store = try temporaryFolder("concurrent")
            let reader = try reader(store: store, site: server)
            // Each command named in a failure, and when slow (a loaded CI run), with its time. Hangs
            // are what the timeout is for: five minutes, as long as the fetchers may take.
            func step(_ name: String, _ arguments: [String]) async throws -> ChildProcess.Exit {
                do {
                    let exit = try await reader.measure(arguments, timeout: 300)
                    if exit.seconds > 10 { print("concurrency: round \(round), \(name) took \(Int(exit.seconds)) s") }
                    return exit
                } catch {
                    throw HarnessError("round \(round), \(name): \(error)")
                }
            }
            // Process i fetches 30 RFCs, half of them shared with process i+1.
            let ranges = (0..<4).map { index in (index * 15 + 1)...(index * 15 + 30) }
            let fetchers = try ranges.map { range in
                try reader.spawn(["fetch", "rfc", "\(range.lowerBound)-\(range.upperBound)", "--jobs", "4"])
            }
            var collections = 0
            let withGC = round > 0
            while withGC && collections < 20 {
                // gc waits for the writers' lock, which each fetcher holds shared while a large
                // body downloads: on a loaded machine it may wait for the fetchers to end.
                let gc = try await step("gc", ["cache", "gc"])
                #expect(gc.status == 0, "\(gc)")
                collections += 1
            }
            for (range, fetcher) in zip(ranges, fetchers) {
                let exit = try await fetcher.wait(timeout: 300)
                #expect(exit.status == 0, "fetch rfc \(range): \(exit)")
            }

            let numbers = Set(ranges.flatMap { Array($0) }).sorted()
            expected += numbers.count
            let open = try await step("open", ["open", "--offline", "--format", "json"] + numbers.map(String.init))
            let keys = Set(open.stdout.split(separator: "\n").compactMap { jsonObject($0)?["key"] as? String })
            let missing = numbers.filter { !keys.contains("rfc/\($0)") }
            lost += missing.count
            #expect(missing.isEmpty, "round \(round): not readable: \(missing); \(open)")
            let verify = try await step("verify", ["cache", "verify"])
            #expect(verify.status == 0, "\(verify)")
            #expect(StoreAudit(store).isClean, "\(StoreAudit(store))")
            let stats = try await step("stats", ["cache", "stats", "--json"])
            #expect(jsonObject(stats.stdout)?["entries"] as? Int == numbers.count, "\(stats)")
        }
        print("concurrency: 3 rounds of 4 processes (2 with cache gc running beside them): \(expected) entries fetched, \(lost) lost")
        #expect(lost == 0)
    }
}
