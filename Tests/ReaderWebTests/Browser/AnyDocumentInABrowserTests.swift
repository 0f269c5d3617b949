import Foundation
import HummingbirdTesting
import ReaderKit
import ReaderTestHarness
import Testing

@testable import ReaderWeb

extension BrowserSuites {
    /// A web page read in Chromium: a section of its contents clicked scrolls to that section,
    /// a related page clicked opens it, and the fetch button of an RFC the page cites fetches the
    /// RFC and opens it — on a page no RFC code draws.
    @Suite(.serialized) struct AnyDocumentInABrowserTests {
        @Test
        func aPersonFollowsAWebPagesSectionsAndRelationsAndFetchesWhatItCites() async throws {
            // A store of its own: the fetch changes it.
            let (_, server, reader) = try await StatedStore.fill()
            let site = Site(reader: reader, settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let page = home + "/doc?key=" + QueryText.encode(Request.urlKey(server.baseURL + StatedStore.wikipedia))
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(page)
                    // The last section of the contents: clicked, its heading is at the top.
                    let last = try #require(
                        try await browser.evaluate(
                            "const links = document.querySelectorAll('nav.contents a'); return links[links.length - 1].getAttribute('href')"
                        )
                            as? String)
                    try await browser.click(try await browser.element("nav.contents a[href='\(last)']"))
                    try await browser.waitFor("the section at the top") {
                        let top =
                            try await browser.evaluate(
                                "return document.getElementById('\(last.dropFirst())').getBoundingClientRect().top") as? Double
                        return (top ?? 1000) < 200
                    }
                    #expect(try await browser.url.hasSuffix(last))
                    // A related page that is stored: clicked, it opens.
                    try await browser.open(page)
                    try await browser.click(try await browser.element("section.related a[href^='/doc?key=']"))
                    try await browser.waitFor("the related page") { try await browser.title.hasPrefix("Google - Site Reliability") }
                    // The RFC it cites, not stored: its button fetches it and opens it.
                    try await browser.open(page)
                    try await browser.click(try await browser.element("section.related button.fetch[value='6093']"))
                    try await browser.waitFor("RFC 6093's page") { try await browser.url == home + "/rfc/6093" }
                    #expect(try await browser.title.hasPrefix("RFC 6093"))
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }
    }
}
