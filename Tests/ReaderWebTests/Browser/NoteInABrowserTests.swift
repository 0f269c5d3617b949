import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension BrowserSuites {
    /// A note added as a person adds one in Chromium: select a paragraph of RFC 793 (three
    /// clicks), write the note, press "Add note"; the page comes back with the note under the
    /// paragraph, and `reader notes` has it. Then a tag typed and added, a star clicked, and
    /// the home page filtered by the tag (its link clicked) lists the document.
    @Suite(.serialized) struct NoteInABrowserTests {
        @Test func selectingAPassageAddingANoteATagAndAStarThenFilteringByTheTag() async throws {
            let server = try await FetchButtonTests.rfcEditor()
            let (store, reader) = try await FetchButtonTests.storeWith793(from: server)
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let home = "http://127.0.0.1:\(try #require(client.port))"
                let browser = try await WebDriver(arguments: ["--window-size=1280,900"])
                do {
                    try await browser.open(home + "/rfc/793")
                    let paragraph = try await browser.element(xpath: "//article//p[contains(., 'remembering of several variables')]")
                    try await browser.click(paragraph, times: 3)
                    try await browser.waitFor("the selection as the note's passage") {
                        let quote = try await browser.evaluate("return document.getElementById('note-quote').value") as? String
                        return quote?.contains("remembering of several variables") == true
                    }
                    try await browser.click(try await browser.element("#note-text"))
                    try await browser.press("Keep <b>these</b> in mind")
                    try await browser.click(try await browser.element("#note-add"))
                    try await browser.waitFor("the page with its note") {
                        (try await browser.evaluate("return document.querySelectorAll('aside.user-note').length") as? Int) == 1
                    }
                    #expect(try await browser.url == home + "/rfc/793")
                    // Under the paragraph selected, its text as written (never markup).
                    let after =
                        try await browser.evaluate(
                            "var a = document.querySelector('aside.user-note'); return [a.previousElementSibling.textContent, a.querySelector('p').textContent, a.querySelectorAll('b').length]"
                        ) as? [Any]
                    #expect((after?[0] as? String)?.contains("remembering of several variables") == true, "\(String(describing: after))")
                    #expect(after?[1] as? String == "Keep <b>these</b> in mind", "\(String(describing: after))")
                    #expect(after?[2] as? Int == 0)

                    // A tag typed and added, a star, all by clicking; then the home page filtered by the tag.
                    try await browser.click(try await browser.element("#tag-name"))
                    try await browser.press("tcp")
                    try await browser.click(try await browser.element("#tag-add"))
                    try await browser.waitFor("the page with its tag") {
                        (try await browser.evaluate(
                            "return Array.from(document.querySelectorAll('a.tag')).map(a => a.textContent).join(' ')")
                            as? String) == "#tcp"
                    }
                    try await browser.click(try await browser.element("#mark-starred input[type=submit]"))
                    try await browser.waitFor("the page starred") {
                        (try await browser.evaluate("return document.getElementById('read-state').textContent") as? String)
                            == "Unread \u{B7} starred"
                    }
                    try await browser.click(try await browser.element("header.bar a.home"))
                    try await browser.click(try await browser.element(xpath: "//p[@class='tags']/a[contains(., '#tcp')]"))
                    try await browser.waitFor("the home page filtered by the tag") { try await browser.url == home + "/?tag=tcp" }
                    let kept =
                        try await browser.evaluate(
                            "return Array.from(document.querySelectorAll('ol.kept a')).map(a => a.getAttribute('href'))") as? [String]
                    #expect(kept == ["/rfc/793"], "\(String(describing: kept))")
                    let heading = try await browser.evaluate("return document.querySelector('h1').textContent") as? String
                    #expect(heading == "Tagged \u{201C}tcp\u{201D}")
                } catch {
                    await browser.quit()
                    throw error
                }
                await browser.quit()
            }
            let notes = try await reader.run(["notes", "793", "--json"])
            #expect(notes.stdout.contains("\"text\":\"Keep <b>these</b> in mind\""), "\(notes)")
            #expect(notes.stdout.contains("\"section\":\"3.2\""), "\(notes)")
        }
    }
}
