import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension BrowserSuites {
    /// The fetch button as a person meets it in Chromium, and what a page of another origin
    /// (another port of 127.0.0.1) can make the browser send: the site's own button fetches
    /// (it was refused, as the site's `Referrer-Policy: no-referrer` made Chromium send
    /// `Origin: null`), another page's form is refused, and its `<img>` of an overflowing
    /// `/index?limit=` no longer kills the server.
    @Suite(.serialized) struct FetchButtonTests {
        /// The RFC Editor as a loopback server: the real index, RFC 793, and RFC 6093 (which
        /// RFC 793's page cites, through the index's "updated by").
        static func rfcEditor() async throws -> LoopbackServer {
            let files = [
                "/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt"), "/rfc/rfc793.txt": try Corpus.bytes("rfc/rfc793.txt"),
                "/rfc/rfc6093.txt": try Corpus.bytes("rfc/rfc6093.txt"),
            ]
            return try await LoopbackServer { request in .serve(files, request: request) }
        }

        /// A store holding the index and RFC 793 only, fetched from `server`.
        static func storeWith793(from server: LoopbackServer) async throws -> (store: String, reader: ReaderBinary) {
            let store = try temporaryFolder("fetch-button")
            let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL])
            for words in [["fetch", "rfc-index"], ["fetch", "rfc", "793"]] {
                let run = try await reader.run(words)
                guard run.status == 0 else { throw HarnessError("\(words): \(run)") }
            }
            return (store, reader)
        }

        @Test func clickingAFetchButtonFetchesTheRFCAndShowsIt() async throws {
            let server = try await Self.rfcEditor()
            let (store, _) = try await Self.storeWith793(from: server)
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(home + "/rfc/793")
                    try await browser.click(try await browser.element("button.fetch[value='6093']"))
                    try await browser.waitFor("RFC 6093's page") { try await browser.url == home + "/rfc/6093" }
                    let title = try await browser.title
                    #expect(title.hasPrefix("RFC 6093"), "\(title)")
                    let heading = try await browser.evaluate("return document.querySelector('h1').textContent") as? String
                    #expect(heading?.contains("TCP Urgent Mechanism") == true, "\(String(describing: heading))")
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }

        @Test func aPageOfAnotherOriginCanNeitherKillTheServerNorMakeItFetch() async throws {
            let rfcEditor = try await Self.rfcEditor()
            let (_, reader) = try await Self.storeWith793(from: rfcEditor)
            let server = try await ServeProcess(reader)
            defer { Task { try await server.stop() } }
            let page = try await RawHTTP.exchange(
                port: server.port, "GET /rfc/793 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
            // The worst case: the other page somehow knows this run's token.
            let token = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]+)"/).map { String($0.1) })
            let target = "http://127.0.0.1:\(server.port)"
            let pages: [String: [UInt8]] = [
                "/image.html": Array(
                    """
                    <!doctype html><title>image</title>
                    <img src="\(target)/index?limit=9223372036854775807" onerror="document.title='sent'" onload="document.title='sent'">
                    """.utf8),
                "/form.html": Array(
                    """
                    <!doctype html><title>form</title>
                    <form method="post" action="\(target)/fetch"><input name="token" value="\(token)"><input name="rfc" value="6093"></form>
                    <script>document.forms[0].submit()</script>
                    """.utf8),
            ]
            let elsewhere = try await LoopbackServer { request in
                pages[request.uri].map { .ok($0, contentType: "text/html; charset=utf-8") } ?? .status(404)
            }
            let browser = try await WebDriver()
            do {
                try await browser.open(elsewhere.baseURL + "/image.html")
                try await browser.waitFor("the image asked for") { try await browser.title == "sent" }
                try await browser.open(elsewhere.baseURL + "/form.html")
                try await browser.waitFor("the form's answer") { try await browser.url == target + "/fetch" }
                let text = try await browser.evaluate("return document.body.textContent") as? String ?? ""
                #expect(text.contains("A page of another site asked this server to fetch: refused."), "\(text.prefix(400))")
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
            #expect(server.isRunning, "the image's GET killed the server")
            let home = try await RawHTTP.exchange(
                port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
            #expect(home.status == 200, "the server still answers")
            let listed = try await reader.run(["cache", "ls"])
            #expect(!listed.stdout.contains("rfc/6093"), "the other page's form made the store fetch: \(listed.stdout)")
        }
    }
}
