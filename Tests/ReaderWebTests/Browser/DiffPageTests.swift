import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension BrowserSuites {
    /// What changed between an RFC and the one that obsoletes it, as a person finds it in
    /// Chromium: RFC 783 (TFTP) says "Obsoleted by RFC 1350"; its "(what changed)" link opens
    /// the two compared section by section, removed words struck out and added ones marked.
    @Suite(.serialized) struct DiffPageTests {
        @Test func clickingWhatChangedComparesAnRFCWithItsSuccessor() async throws {
            let (store, server) = try await ReadStore.storing(
                ["783": "rfc-sample/rfc/rfc783.txt.gz", "1350": "rfc-sample/rfc/rfc1350.txt.gz"], index: true)
            await server.stop()
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(home + "/rfc/783")
                    try await browser.click(try await browser.element(".banner a.compare"))
                    try await browser.waitFor("the diff page") { try await browser.url.hasPrefix(home + "/diff?") }
                    let heading = try await browser.evaluate("return document.querySelector('h1').textContent") as? String
                    #expect(heading == "RFC 783 → RFC 1350", "\(String(describing: heading))")
                    let counts = try await browser.evaluate("return document.querySelector('p.counts').textContent") as? String
                    #expect(
                        counts?.contains(" changed") == true && counts?.contains(" words added, ") == true, "\(String(describing: counts))")
                    // Struck-out and inserted words, visibly apart from the rest.
                    let marked =
                        try await browser.evaluate(
                            "return [document.querySelectorAll('.diff del').length, document.querySelectorAll('.diff ins').length]")
                        as? [Int]
                    #expect((marked?.first ?? 0) > 0 && (marked?.last ?? 0) > 0, "\(String(describing: marked))")
                    let struck = try await browser.evaluate(
                        "return getComputedStyle(document.querySelector('.diff del')).textDecorationLine")
                    #expect((struck as? String)?.contains("line-through") == true, "\(String(describing: struck))")
                    // The two names lead back to the documents.
                    try await browser.click(try await browser.element("h1 a:last-child"))
                    try await browser.waitFor("RFC 1350's page") { try await browser.url == home + "/rfc/1350" }
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }

        /// The page's JSON is `reader diff --format json`'s; a key not stored is not found, and
        /// nothing is fetched by a GET.
        @Test func theDiffAsJSONAndADocumentNotStored() async throws {
            let (store, server) = try await ReadStore.storing([
                "783": "rfc-sample/rfc/rfc783.txt.gz", "1350": "rfc-sample/rfc/rfc1350.txt.gz",
            ])
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 0))
            try await site.application().test(.router) { client in
                try await client.execute(uri: "/api/diff?a=rfc%2F783&b=rfc%2F1350", method: .get) { response in
                    #expect(response.status == .ok)
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                    #expect(object["a"] as? String == "rfc/783" && object["b"] as? String == "rfc/1350")
                    #expect((object["sections"] as? [[String: Any]])?.isEmpty == false)
                }
                try await client.execute(uri: "/diff?a=rfc%2F783&b=rfc%2F9999", method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
            // The GET fetched nothing: the server was asked for two RFCs only.
            #expect(server.requests.count == 2, "\(server.requests)")
            await server.stop()
        }
    }
}
