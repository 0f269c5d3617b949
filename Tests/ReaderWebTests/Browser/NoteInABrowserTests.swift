import Foundation
import HummingbirdTesting
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Testing

extension BrowserSuites {
    /// A note added as a person adds one in Chromium: select a paragraph of RFC 793 (three
    /// clicks), write the note, press "Add note"; the page comes back with the note under the
    /// paragraph, and `reader notes` has it.
    @Suite(.serialized) struct NoteInABrowserTests {
        @Test func selectingAPassageAndAddingANoteShowsItThere() async throws {
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
