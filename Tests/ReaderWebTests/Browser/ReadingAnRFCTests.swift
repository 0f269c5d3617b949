import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderWeb
import Testing

extension BrowserSuites {
    /// Reading an RFC in a real browser: a "Section N" clicked scrolls to that section, a
    /// citation of a stored RFC clicked opens it, the contents mark the section being read as
    /// the page scrolls, and what was opened is on the home page's "Recently read".
    @Suite(.serialized) struct ReadingAnRFCTests {
        @Test func aPersonFollowsSectionsAndCitationsAndFindsWhatTheyReadOnTheHomePage() async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await read(browser, home)
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }

        func read(_ browser: WebDriver, _ home: String) async throws {
            try await browser.open(home + "/rfc/9110")
            // A "Section N" link in the text whose section is far below it: clicked, the page
            // is there.
            let anchor = try #require(
                try await browser.evaluate(
                    """
                    const link = [...document.querySelectorAll('.body a.xref[href^="#section-"]')].find(a => {
                      const target = document.getElementById(a.getAttribute('href').slice(1));
                      return target && target.getBoundingClientRect().top - a.getBoundingClientRect().top > 3000;
                    });
                    if (!link) return null;
                    link.id = 'under-test'; link.scrollIntoView({block: 'center'});
                    return link.getAttribute('href').slice(1);
                    """) as? String, "a Section link to a section further down")
            try await browser.click(try await browser.element("#under-test"))
            try await browser.waitFor("#\(anchor)") { try await browser.url.hasSuffix("#" + anchor) }
            let top = try await browser.evaluate("return document.getElementById('\(anchor)').getBoundingClientRect().top") as? Double
            #expect((0..<200).contains(top ?? -1), "\(anchor) is at the top of the window: \(String(describing: top))")

            // The contents mark that section, and follow a scroll by hand to section 5.
            try await browser.waitFor("\(anchor) marked in the contents") {
                try await browser.evaluate("const a = document.querySelector('.contents a.current'); return a && a.getAttribute('href')")
                    as? String == "#" + anchor
            }
            _ = try await browser.evaluate(
                "window.scrollTo(0, document.getElementById('section-5').getBoundingClientRect().top + window.scrollY - 70); return 0")
            try await browser.waitFor("section 5 marked in the contents") {
                try await browser.evaluate("const a = document.querySelector('.contents a.current'); return a && a.getAttribute('href')")
                    as? String == "#section-5"
            }
            #expect(try await browser.evaluate("return document.querySelectorAll('.contents a.current').length") as? Int == 1)

            // A citation, [URI], of RFC 3986 (stored): clicked, RFC 3986 is open.
            let found =
                try await browser.evaluate(
                    """
                    const link = [...document.querySelectorAll('.body a[href="/rfc/3986"]')].find(a => a.textContent === 'URI');
                    if (!link) return false;
                    link.id = 'citation-under-test'; link.scrollIntoView({block: 'center'}); return true;
                    """) as? Bool
            #expect(found == true, "[URI] is a link to RFC 3986")
            try await browser.click(try await browser.element("#citation-under-test"))
            try await browser.waitFor("RFC 3986") { try await browser.title.hasPrefix("RFC 3986") }

            // Opened last, first on the home page's "Recently read".
            try await browser.open(home + "/rfc/8446")
            try await browser.open(home + "/")
            let read = try await browser.evaluate("return [...document.querySelectorAll('ol.read li a')].map(a => a.getAttribute('href'))")
            #expect((read as? [String])?.prefix(2) == ["/rfc/8446", "/rfc/3986"], "\(String(describing: read))")

            // RFC 793's title page, as the screenshot shows it.
            try await browser.open(home + "/rfc/793")
            let png = try await browser.screenshot()
            try FileManager.default.createDirectory(at: BrowserTests.screenshots, withIntermediateDirectories: true)
            try Data(png).write(to: BrowserTests.screenshots.appendingPathComponent("rfc-793-top.png"))
            #expect(try PNGPixels(png).inkedShare > 0.03)
        }
    }
}
