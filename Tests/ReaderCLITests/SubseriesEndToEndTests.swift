import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// The subseries (BCP, STD, FYI) as groups the RFC index declares, through the built binary: the
/// real index (Tests/Corpus/rfc/rfc-index.txt, whose "(Also BCP0014)" name the members) and real
/// RFC texts (Tests/Corpus/rfc-sample), served by a loopback RFC Editor.
@Suite struct SubseriesEndToEndTests {
    let store: String
    let server: LoopbackServer
    let reader: ReaderBinary

    init() async throws {
        store = try temporaryFolder("e2e-subseries")
        var files = ["/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt")]
        for number in ["1350", "7605"] {
            files["/rfc/rfc\(number).txt"] = try Inflate.bytes(try Corpus.bytes("rfc-sample/rfc/rfc\(number).txt.gz"), gzip: true)
        }
        let served = files
        server = try await LoopbackServer { .serve(served, request: $0) }
        reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .binary)
    }

    func numbers(_ arguments: [String]) async throws -> [Int] {
        let run = try await reader.run(arguments + ["--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run)")
        return array.compactMap { $0["number"] as? Int }
    }

    @Test func listAndSearchKnowTheSubseries() async throws {
        defer { Task { await server.stop() } }
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        #expect(try await numbers(["list", "bcp", "14"]) == [2119, 8174])
        #expect(try await numbers(["list", "std", "7"]) == [9293])
        #expect(try await numbers(["list", "FYI", "38"]) == [3098])
        #expect(try await numbers(["list", "std", "62"]) == [3411, 3412, 3413, 3414, 3415, 3416, 3417, 3418])
        let everyBCP = try await numbers(["list", "bcp"])
        #expect(everyBCP.count > 150 && everyBCP.contains(2119) && !everyBCP.contains(9293), "\(everyBCP.count)")
        #expect(try await numbers(["search", "bcp", "14"]).prefix(2) == [2119, 8174])
        #expect(try await numbers(["search", "BCP14"]).prefix(2) == [2119, 8174])
        let none = try await reader.run(["list", "bcp", "99999"])
        #expect(none.status == 1 && none.stderr.contains("BCP 99999"), "\(none)")
    }

    /// `open std 33`: each member under a header, fetched as `open 1350` would be; as JSON one object.
    @Test func openingAGroupOpensEveryMember() async throws {
        defer { Task { await server.stop() } }
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        let text = try await reader.run(["open", "std", "33"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("STD 33 (Internet Standard), 1 of 1: RFC 1350"), "\(text.stdout.prefix(400))")
        #expect(text.stdout.contains("TFTP"))
        let json = try await reader.run(["open", "std", "33", "--offline", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        #expect(object["group"] as? String == "STD 33")
        let members = try #require(object["members"] as? [[String: Any]])
        #expect(members.map { $0["key"] as? String } == ["rfc/1350"])

        // BCP 165 is RFCs 6335 and 7605: offline, with 7605 alone stored, the one "not stored" line.
        #expect(try await reader.run(["fetch", "rfc", "7605"]).status == 0)
        let offline = try await reader.run(["open", "bcp", "165", "--offline"])
        #expect(offline.status == 3, "\(offline)")
        #expect(offline.stderr.hasPrefix("reader: ") && offline.stderr.split(separator: "\n").count == 1, "\(offline)")
        #expect(offline.stderr.contains("rfc/6335"), "\(offline)")

        let nothing = try await reader.run(["open", "bcp", "99999", "--offline"])
        #expect(nothing.status == 64 && nothing.stderr.contains("BCP 99999 has no RFC"), "\(nothing)")
    }
}
