import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension BrowserSuites {
    /// "Who cites this section", where a person reads it: under RFC 9110's section 15.4
    /// (Redirection 3xx), the stored RFC 9540, which writes "Section 15.4 of [HTTP]" — its
    /// `[HTTP]` resolved through its own reference list — and a click there opens it.
    @Suite(.serialized) struct CitedHereTests {
        @Test func underASectionTheDocumentsCitingItAreNamedAndOpen() async throws {
            let (store, server) = try await ReadStore.storing([
                "9110": "rfc/rfc9110.txt", "9540": "rfc-sample/rfc/rfc9540.txt.gz",
            ])
            await server.stop()
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(home + "/rfc/9110#section-15.4")
                    let line = try await browser.evaluate(
                        "const h = document.getElementById('section-15.4'); const p = h.nextElementSibling; return p.className + ': ' + p.textContent"
                    )
                    #expect((line as? String) == "pointing-here: Cited by RFC 9540", "\(String(describing: line))")
                    // A section nobody stored cites has no such line.
                    let other = try await browser.evaluate(
                        "return document.getElementById('section-15.5').nextElementSibling.className")
                    #expect((other as? String) != "pointing-here", "\(String(describing: other))")
                    try await browser.click(try await browser.element("#section-15\\.4 + p.pointing-here a"))
                    try await browser.waitFor("RFC 9540's page") { try await browser.url == home + "/rfc/9540" }
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }
    }
}
