import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension SiteSuites {
    /// The page of an RFC with errata stored (Tests/Corpus/errata, and one hostile report): a
    /// note at the place of each report shown, the status summary at the top, untrusted text
    /// escaped, and the contract's JSON under `/api/`.
    @Suite struct ErrataPageTests {
        static let hostile = #"""
            {"errata_id": "99001", "doc-id": "RFC9110", "errata_status_code": "Reported", "errata_type_code": "Technical",
             "section": "B.1", "orig_text": "None.", "correct_text": "<script>alert(1)</script>",
             "notes": "<img src=x onerror=alert(2)> &lt;b&gt;"},
            """#

        func site() async throws -> Site {
            let corpus = try Corpus.bytes("errata/errata.json")
            let errata = Array("[".utf8) + Array(Self.hostile.utf8) + corpus.drop { $0 != UInt8(ascii: "[") }.dropFirst()
            let files = ["/errata.json": errata, "/rfc/rfc9110.txt": try Corpus.bytes("rfc/rfc9110.txt")]
            let server = try await LoopbackServer { .serve(files, request: $0) }
            let store = try temporaryFolder("web-errata")
            let reader = try ReaderBinary(
                environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
            let run = try await reader.run(["fetch", "errata", "rfc", "9110"])
            await server.stop()
            guard run.status == 0 else { throw HarnessError("fetch: \(run)") }
            return Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0, offline: true))
        }

        @Test func eachReportIsANoteAtItsPlaceUnderASummary() async throws {
            try await site().application().test(.router) { client in
                let page = try await client.get("/rfc/9110").text
                #expect(page.contains("Errata: 6 verified, 1 reported, 6 rejected"), "\(page.prefix(2000))")
                let b1 = try #require(page.range(of: "id=\"section-B.1\""))
                let note = try #require(page.range(of: "Erratum 7105 (verified, editorial)"))
                let b2 = try #require(page.range(of: "id=\"section-B.2\""))
                #expect(b1.upperBound < note.lowerBound && note.upperBound < b2.lowerBound)
                // Its quote too short to look for: at the heading of the section it names.
                // ("section B.1" is a link to it, as every "Section N" of a page is.)
                #expect(page.contains("Erratum 99001 on "))
                #expect(page.contains("section B.1</a> (reported, not verified, technical)"))
                #expect(!page.contains("Erratum 7107"), "rejected: not shown")
                // The report's text is the RFC Editor's, not ours: escaped, never markup.
                #expect(!page.contains("<script>alert"))
                #expect(!page.contains("<img src=x"))
                #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))

                let json = try #require(try await client.get("/api/rfc/9110", accept: "application/json").json() as? [String: Any])
                let errata = try #require(json["errata"] as? [[String: Any]])
                #expect(errata.count == 7)
                #expect(errata.contains { $0["id"] as? String == "99001" && $0["corrected"] as? String == "<script>alert(1)</script>" })
            }
        }
    }
}
