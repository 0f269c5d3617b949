import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `kill -9` while the full-text index is written: during fetches (each document indexed as it
/// is committed), `cache reindex` (the whole index in one transaction) and `cache rm` with
/// `gc`. After each kill, `find` answers with exactly the documents the catalog holds, each
/// whole, and `cache verify` passes.
@Suite struct FullTextKillTests {
    static let runs = ProcessInfo.processInfo.environment["READER_FAULT_INDEX_KILLS"].flatMap(Int.init) ?? 30

    enum Scenario: CaseIterable { case fetch, reindex, forget }

    @Test func killedWhileIndexingTheIndexHoldsEveryStoredDocumentWholeOrNot() async throws {
        var (seed, random) = SeededRandom.fromEnvironment("index kill runs")
        let server = try await LoopbackServer(RFCSite.handler())
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("index-kill")
        let reader = try reader(store: store, site: server)
        var next = 1
        var kills = 0
        var problems: [String] = []
        for run in 0..<Self.runs {
            let scenario = Scenario.allCases[run % Scenario.allCases.count]
            var commands: [[String]] = []
            switch scenario {
            case .fetch:
                commands = [["fetch", "rfc"] + (next..<(next + 6)).map(String.init) + ["--jobs", "3"]]
                next += 6
            case .reindex:
                commands = [["cache", "reindex"]]
            case .forget:
                let stored = try await storedKeys(reader)
                let chosen = Array(stored.shuffled(using: &random).prefix(2))
                commands = chosen.isEmpty ? [["cache", "gc"]] : [["cache", "rm"] + chosen, ["cache", "gc"]]
            }
            for command in commands {
                let child = try reader.spawn(command)
                try await Task.sleep(nanoseconds: UInt64(Double.random(in: 0...0.12, using: &random) * 1e9))
                child.kill()
                if try await child.wait(timeout: 60).signal == SIGKILL { kills += 1 }
            }

            // Right after the kill: every stored document is found, whole (its phrase, which
            // ends the document, with it), and no forgotten one.
            let stored = Set(try await storedKeys(reader))
            let find = try await reader.measure(["find", "\"copy served as rfc\"", "--limit", "10000", "--json"], timeout: 60)
            let found = Set(hitKeys(find.stdout))
            if found != stored {
                problems.append("run \(run) (\(scenario)): stored \(stored.sorted()), found \(found.sorted()); \(find)")
            }
            // One line at most: the rebuild's, when a kill left the index unfinished (and, when no
            // document is stored yet, the "no stored document matches" of an empty answer).
            let lines = find.stderr.split(separator: "\n").filter { !$0.contains("no stored document matches") }
            if lines.count > 1 { problems.append("run \(run): more than one line: \(find.stderr)") }
            let verify = try await reader.measure(["cache", "verify"], timeout: 60)
            if verify.status != 0 { problems.append("run \(run) (\(scenario)): verify \(verify)") }
        }
        print("index kill runs (seed \(seed)): \(kills) killed of \(Self.runs); problems: \(problems.count)")
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    private func storedKeys(_ reader: ReaderBinary) async throws -> [String] {
        let run = try await reader.measure(["cache", "ls", "--json"], timeout: 60)
        guard let listed = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] else { return [] }
        return listed.compactMap { $0["key"] as? String }
    }

    private func hitKeys(_ json: String) -> [String] {
        guard let hits = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return [] }
        return hits.compactMap { $0["key"] as? String }
    }
}
