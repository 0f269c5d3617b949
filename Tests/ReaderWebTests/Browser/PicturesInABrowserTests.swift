import Foundation
import HummingbirdTesting
import ReaderKit
import ReaderTestHarness
import Testing

@testable import ReaderWeb

extension BrowserSuites {
    /// A page's pictures in Chromium with the server they came from stopped: each stored one
    /// drawn (the browser decoded it: `naturalWidth` > 0) from this site alone, lazily, when
    /// scrolled to; an SVG too, as a picture.
    @Suite(.serialized) struct PicturesInABrowserTests {
        @Test func storedPicturesAreDrawnWithTheirOriginGone() async throws {
            // The origin is stopped by `make` before the site starts.
            let (store, key, _, _) = try await PictureStore.make()
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0, offline: true))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(home + "/doc?key=" + QueryText.encode(key))
                    let count = try await browser.evaluate("return document.querySelectorAll('figure.picture img').length") as? Int
                    #expect(count == 2)
                    for index in 0..<2 {
                        _ = try await browser.evaluate(
                            "document.querySelectorAll('figure.picture img')[\(index)].scrollIntoView(); return true")
                        try await browser.waitFor("picture \(index + 1) drawn") {
                            let width = try await browser.evaluate(
                                """
                                const img = document.querySelectorAll('figure.picture img')[\(index)];
                                return img.complete ? img.naturalWidth : 0
                                """)
                            return ((width as? Int) ?? 0) > 0
                        }
                    }
                    let sources =
                        try await browser.evaluate(
                            "return [...document.querySelectorAll('figure.picture img')].map(i => i.currentSrc).join(' ')") as? String
                    #expect(sources?.split(separator: " ").allSatisfy { $0.hasPrefix(home + "/picture/") } == true, "\(sources ?? "")")
                    _ = try await browser.evaluate("window.scrollTo(0, 0); return true")
                    let png = try await browser.screenshot()
                    try FileManager.default.createDirectory(at: BrowserTests.screenshots, withIntermediateDirectories: true)
                    try Data(png).write(to: BrowserTests.screenshots.appendingPathComponent("pictures.png"))
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
        }
    }
}
