import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch errata` and the errata shown in `reader open 9110`, through the built binary,
/// against a loopback RFC Editor serving the real errata of the corpus RFCs
/// (Tests/Corpus/errata) and RFC 9110.
@Suite struct ErrataEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-errata")
    }

    func reader(_ server: LoopbackServer) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .binary)
    }

    static func files() throws -> [String: [UInt8]] {
        ["/errata.json": try Corpus.bytes("errata/errata.json"), "/rfc/rfc9110.txt": try Corpus.bytes("rfc/rfc9110.txt")]
    }

    func json(_ run: ReaderBinary.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    @Test func eachReportIsShownAtThePassageItCorrects() async throws {
        let files = try Self.files()
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try reader(server)
        let fetch = try await reader.run(["fetch", "errata", "rfc", "9110"])
        #expect(fetch.status == 0, "\(fetch)")
        // Revalidated as the index is: the server's 304 keeps what is stored.
        let again = try await reader.run(["fetch", "errata", "--verbose"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("304"), "\(again)")
        await server.stop()

        let open = try await reader.run(["open", "9110", "--offline", "--no-pager"])
        #expect(open.status == 0, "\(open)")
        #expect(open.stdout.contains("Errata: 6 verified, 6 rejected (6 not shown: --errata all)"), "\(open.stdout.prefix(400))")
        // 7105 corrects B.1, and is shown under it, before B.2; the rejected 7107 is not shown.
        let text = open.stdout
        let b1 = try #require(text.range(of: "B.1 Changes from RFC 2818"))
        let b2 = try #require(text.range(of: "B.2 Changes from RFC 7230"))
        let report = try #require(text.range(of: "Erratum 7105 (verified, editorial)"))
        #expect(b1.upperBound < report.lowerBound && report.upperBound < b2.lowerBound)
        #expect(text.contains("The use of CN-ID has been deprecated."))
        #expect(!text.contains("Erratum 7107"))
        // Opened again, from the kept view: the same.
        #expect(try await reader.run(["open", "9110", "--offline", "--no-pager"]).stdout == text)

        let all = try await reader.run(["open", "9110", "--offline", "--no-pager", "--errata", "all"])
        #expect(all.stdout.contains("Erratum 7107 (rejected, technical)"), "\(all)")
        let none = try await reader.run(["open", "9110", "--offline", "--no-pager", "--errata", "none"])
        #expect(!none.stdout.contains("Erratum 7"))
        #expect(none.stdout.contains("HTTP Semantics"))

        let section = try await reader.run(["open", "9110", "--offline", "--section", "15.4.9"])
        #expect(section.stdout.contains("Erratum 7109 (verified, editorial)"), "\(section)")

        let markdown = try await reader.run(["open", "9110", "--offline", "--format", "markdown"])
        #expect(markdown.stdout.contains("> **Erratum 7105 (verified, editorial)**"), "\(markdown.stdout.prefix(300))")

        let object = try json(try await reader.run(["open", "9110", "--offline", "--format", "json"]))
        let errata = try #require(object["errata"] as? [[String: Any]])
        #expect(errata.count == 6)
        #expect(Set(errata.compactMap { $0["status"] as? String }) == ["verified"])
        let first = try #require(errata.first { $0["id"] as? String == "7105" })
        #expect(first["placed"] as? String == "text")
        #expect(first["section"] as? String == "B.1")
        #expect(first["type"] as? String == "editorial")
        #expect((first["corrected"] as? String)?.contains("CN-ID") == true)
        // The contract's text stays the document's own.
        #expect((object["text"] as? String)?.contains("Erratum 7105") == false)
        let everything = try json(try await reader.run(["open", "9110", "--offline", "--format", "json", "--errata", "all"]))
        #expect((everything["errata"] as? [Any])?.count == 12)
    }

    @Test func findNamesTheErratumAndRefsListsTheErrata() async throws {
        let files = try Self.files()
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try reader(server)
        #expect(try await reader.run(["fetch", "errata", "rfc", "9110"]).status == 0)
        await server.stop()

        let find = try await reader.run(["find", "Accept-Charset in the form of a plain token", "--source", "errata", "--json"])
        #expect(find.status == 0, "\(find)")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(find.stdout.utf8)) as? [[String: Any]])
        let hit = try #require(hits.first)
        #expect((hit["section"] as? [String: Any])?["number"] as? String == "7419")
        #expect(((hit["section"] as? [String: Any])?["title"] as? String)?.hasPrefix("Erratum 7419 on RFC 9110") == true)
        #expect(hit["open"] as? String == "reader open errata --section 7419")

        let refs = try json(try await reader.run(["refs", "9110", "--json"]))
        let relations = try #require(refs["relations"] as? [[String: Any]])
        #expect(
            relations.contains {
                $0["type"] as? String == "errata" && $0["key"] as? String == "errata" && $0["section"] as? String == "B.1"
            })
    }

    @Test func aTruncatedErrataFileIsOneLineAndNothingStored() async throws {
        let whole = try Corpus.bytes("errata/errata.json")
        let files = ["/errata.json": Array(whole.prefix(whole.count / 3))]
        let server = try await LoopbackServer { .serve(files, request: $0) }
        let reader = try reader(server)
        let fetch = try await reader.run(["fetch", "errata"])
        await server.stop()
        #expect(fetch.status == 5, "\(fetch)")
        let lines = fetch.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("reader:") && lines[0].contains("malformed or truncated"), "\(fetch)")
        let open = try await reader.run(["open", "errata", "--offline"])
        #expect(open.status == 3, "\(open)")
    }
}
