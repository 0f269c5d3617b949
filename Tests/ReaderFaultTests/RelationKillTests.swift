import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `kill -9` while fetches write the relation index (each document's relations go in with its
/// passages, in one transaction) and while `cache rm` takes them out. After each kill, `refs`
/// of the cited RFC names exactly the stored documents that cite it, and `cache verify` passes.
@Suite struct RelationKillTests {
    static let runs = ProcessInfo.processInfo.environment["READER_FAULT_INDEX_KILLS"].flatMap(Int.init).map { max($0 / 3, 4) } ?? 10

    @Test func killedWhileFetchingOrForgettingRefsNamesExactlyTheStoredCiters() async throws {
        var (seed, random) = SeededRandom.fromEnvironment("relation kill runs")
        // RFC 1's text, each copy ending in a citation of RFC 793.
        let server = try await LoopbackServer { request in
            guard request.uri.hasPrefix("/rfc/rfc"), request.uri.hasSuffix(".txt"),
                let number = Int(request.uri.dropFirst("/rfc/rfc".count).dropLast(".txt".count))
            else { return .status(404) }
            return .ok(RFCSite.rfc(number) + Array("\n   This copy cites RFC 793.\n".utf8), contentType: "text/plain")
        }
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("relation-kill")
        let reader = try reader(store: store, site: server)
        var next = 2
        var kills = 0
        var problems: [String] = []
        var citedOnce = false
        for run in 0..<Self.runs {
            var commands: [[String]]
            if run % 3 == 2 {
                let stored = try await citers(reader, "cache", "ls")
                commands = [["cache", "rm"] + Array(stored.shuffled(using: &random).prefix(2))]
                if commands[0].count == 2 { commands = [["cache", "gc"]] }
            } else {
                commands = [["fetch", "rfc"] + (next..<(next + 5)).map(String.init) + ["--jobs", "2"]]
                next += 5
            }
            for command in commands {
                let child = try reader.spawn(command)
                // The first fetch runs to its end: there is then something stored to check.
                if run > 0 {
                    try await Task.sleep(nanoseconds: UInt64(Double.random(in: 0...0.4, using: &random) * 1e9))
                    child.kill()
                }
                if try await child.wait(timeout: 60).signal == SIGKILL { kills += 1 }
            }
            let stored = Set(try await citers(reader, "cache", "ls"))
            let citing = Set(try await citers(reader, "refs", "793"))
            citedOnce = citedOnce || !citing.isEmpty
            if stored != citing { problems.append("run \(run): stored \(stored.sorted()), refs names \(citing.sorted())") }
            let verify = try await reader.measure(["cache", "verify"], timeout: 60)
            if verify.status != 0 { problems.append("run \(run): verify \(verify)") }
        }
        print("relation kill runs (seed \(seed)): \(kills) killed of \(Self.runs); problems: \(problems.count)")
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        #expect(citedOnce, "no run left a stored document to check")
    }

    /// `cache ls --json`: the stored keys; `refs 793 --json`: the keys that cite it.
    private func citers(_ reader: ReaderBinary, _ words: String...) async throws -> [String] {
        let run = try await reader.measure(words + ["--json"], timeout: 60)
        guard let value = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) else { return [] }
        if let listed = value as? [[String: Any]] { return listed.compactMap { $0["key"] as? String } }
        let relations = (value as? [String: Any])?["relations"] as? [[String: Any]] ?? []
        return relations.filter { $0["type"] as? String == "citedBy" }.compactMap { $0["key"] as? String }
    }
}
