import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderWeb
import Testing

extension BrowserSuites {
    /// The site in a real browser, as a person uses it: the index, the home page, a search typed after `/`,
    /// a hit followed to its section, an RFC reference followed to the stored RFC, `j`/`k` through
    /// the sections, `g` to go to an RFC, and a screenshot that shows a page, not a blank window.
    @Suite(.serialized) struct BrowserTests {
        /// Where the screenshot is kept: `.build/screenshots/`, beside the build.
        static let screenshots = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/screenshots")

        @Test func aPersonSearchesFollowsReferencesAndMovesByKeyboard() async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browse(browser, home)
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }

        func browse(_ browser: WebDriver, _ home: String) async throws {
            // The index's dates stay on one line, however the titles and authors beside them wrap.
            try await browser.open(home + "/index")
            let wrappedDates =
                try await browser.evaluate(
                    """
                    return [...document.querySelectorAll('table.index td:nth-child(4)')].filter(cell => {
                      const range = document.createRange(); range.selectNodeContents(cell); return range.getClientRects().length > 1
                    }).length
                    """) as? Int
            #expect(wrappedDates == 0, "dates broken over two lines: \(String(describing: wrappedDates))")

            try await browser.open(home + "/")
            #expect(try await browser.title == "reader")
            _ = try await browser.element("a[href='/rfc/9110']")

            // "/" puts the cursor in the search box; Enter searches.
            try await browser.press("/")
            #expect(try await browser.evaluate("return document.activeElement.id") as? String == "q")
            try await browser.press("\"remembering of several variables\"\u{E007}")
            try await browser.waitFor("the search page") { try await browser.url.contains("/search?q=") }
            #expect(
                try await browser.evaluate("return document.querySelector('mark') && document.querySelector('mark').textContent") as? String
                    == "remembering")

            // The first hit opens RFC 793 at section 3.2, scrolled there.
            try await browser.click(try await browser.element("article.hit h3 a"))
            try await browser.waitFor("RFC 793 at 3.2") { try await browser.url.hasSuffix("/rfc/793#section-3.2") }
            let top = try await browser.evaluate("return document.getElementById('section-3.2').getBoundingClientRect().top") as? Double
            #expect((0..<200).contains(top ?? -1), "section 3.2 is at the top of the window: \(String(describing: top))")

            // A reference in RFC 9110 to RFC 3986, which is stored, opens it here.
            try await browser.open(home + "/rfc/9110")
            try await browser.click(try await browser.element(".body a[href='/rfc/3986']"))
            try await browser.waitFor("RFC 3986") { try await browser.title.hasPrefix("RFC 3986") }
            #expect(try await browser.url == home + "/rfc/3986")

            // j and k move from section to section, and the address follows.
            try await browser.press("j")
            let first = try await browser.url
            try await browser.press("j")
            let second = try await browser.url
            try await browser.press("k")
            let back = try await browser.url
            #expect(first.contains("#section-"), "\(first)")
            #expect(second.contains("#section-") && second != first, "\(second)")
            #expect(back == first, "k goes back to where j was: \(back)")

            // g asks for a number, and Enter opens that RFC.
            try await browser.press("g")
            #expect(try await browser.evaluate("return document.activeElement.id") as? String == "goto-number")
            try await browser.press("793\u{E007}")
            try await browser.waitFor("RFC 793") { try await browser.url.hasSuffix("/rfc/793") }

            let png = try await browser.screenshot()
            try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
            try Data(png).write(to: Self.screenshots.appendingPathComponent("rfc-793.png"))
            let pixels = try PNGPixels(png)
            #expect(pixels.width == 1280)
            #expect(pixels.inkedShare > 0.03, "the screenshot is nearly blank: \(pixels.inkedShare)")
            #expect(pixels.distinctColours > 50, "the screenshot has \(pixels.distinctColours) colours")
        }

        @Test func aDarkSystemGetsADarkPage() async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let browser = try await WebDriver(arguments: ["--window-size=1024,768", "--force-dark-mode"])
                let background = try? await {
                    try await browser.open("http://127.0.0.1:\(try #require(client.port))/rfc/793")
                    return try await browser.evaluate("return getComputedStyle(document.documentElement).backgroundColor") as? String
                }()
                await browser.quit()
                #expect(background == "rgb(23, 24, 26)")
            }
        }
    }
}
