import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderTestHarness
import ReaderWeb
import Testing

extension SiteSuites {
    /// Documents written to attack whoever reads them — script in a title, `javascript:` and
    /// `data:` links, terminal escape sequences, markup in a post — stored as a user would store
    /// them, then served: the browser must get text, never markup of theirs, and no link that runs
    /// anything. Synthetic inputs, made for this test (no real page is this hostile on purpose).
    @Suite struct HostileTextTests {
        static let page = """
            <!doctype html><html><head><title>&lt;script&gt;alert("title")&lt;/script&gt; Evil \u{1B}]0;pwned\u{07}page</title></head>
            <body><article><h1>Evil <script>alert("h1")</script> page</h1>
            <p>Read <a href="javascript:alert('link')">this link</a>, <a href=" JaVaScRiPt:alert(2)">that one</a>,
            <a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a data link</a> and
            <a href="vbscript:msgbox(1)">an old one</a>; see RFC 793 and <a href="https://www.rfc-editor.org/rfc/rfc9110.html">HTTP</a>.</p>
            <p>Escapes: \u{1B}[2J\u{1B}[31mred\u{1B}[0m and a bidi \u{202E}override, a NUL-free &lt;b&gt;bold&lt;/b&gt; text
            with "quotes" and 'apostrophes' &amp; ampersands that is long enough to be the article's content paragraph.</p>
            <p><img src="x" onerror="alert('img')" alt='"><script>alert("alt")</script>'></p>
            <p>More plain words so that the extraction keeps this paragraph as part of the article body, as a reader would.</p>
            </article></body></html>
            """

        static let tweets = """
            {"data": [{"id": "1", "author_id": "9", "text": "<script>alert('tweet')</script> \\u001b[31m red https://t.co/abc",
              "entities": {"urls": [{"start": 53, "end": 69, "url": "https://t.co/abc", "expanded_url": "javascript:alert('tweet-link')",
              "display_url": "javascript:alert"}]}}],
             "includes": {"users": [{"id": "9", "username": "evil<b>", "name": "<img src=x onerror=alert(1)>"}]}}
            """

        /// A store holding the two hostile documents and RFC 9110, and the site over it.
        func hostileSite() async throws -> (Site, pageKey: String, tweetsKey: String) {
            let server = try await ReadStore.corpusServer(extra: [
                "/evil.html": (Array(Self.page.utf8), "text/html; charset=utf-8"),
                "/evil.json": (Array(Self.tweets.utf8), "application/json"),
            ])
            let store = try temporaryFolder("web-hostile")
            let reader = try ReaderCommandLine(store: store, environment: ["READER_RFC_EDITOR_URL": server.baseURL])
            for words in [["fetch", "rfc", "9110"], ["fetch", server.baseURL + "/evil.html"], ["fetch", server.baseURL + "/evil.json"]] {
                let run = try await reader.binary.run(words)
                #expect(run.status == 0, "\(words): \(run)")
            }
            await server.stop()
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            return (site, server.baseURL + "/evil.html", server.baseURL + "/evil.json")
        }

        @Test func aHostilePageIsShownAsTextWithNoScriptNoDangerousLinkAndNoEscapeSequence() async throws {
            let (site, pageKey, tweetsKey) = try await hostileSite()
            try await site.application().test(.router) { client in
                for key in [pageKey, tweetsKey] {
                    let response = try await client.get(
                        "/doc?key=" + (key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                    #expect(response.status == .ok)
                    let html = response.text
                    Self.expectNothingRuns(html, key)
                    // What the attacker wrote is there, as text.
                    #expect(html.contains("&lt;script&gt;alert("), "\(key): the script is shown as text")
                }
                let page = try await client.get("/doc?key=" + (pageKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                #expect(page.text.contains("this link"), "a refused link keeps its text")
                #expect(page.text.contains("<a href=\"/rfc/9110\">HTTP</a>"), "a link to a stored RFC opens it here")
                #expect(page.text.contains("<button form=\"fetch\" name=\"rfc\" value=\"793\""), "an RFC the page names")
                // The home page and a search show the hostile title too.
                Self.expectNothingRuns(try await client.get("/").text, "home")
                Self.expectNothingRuns(try await client.get("/search?q=evil+page").text, "search")
                Self.expectNothingRuns(try await client.get("/search?q=%3Cscript%3Ealert(1)%3C/script%3E").text, "search for markup")
            }
        }

        @Test func theJSONOfAHostilePageEscapesWhatATerminalWouldActOn() async throws {
            let (site, pageKey, _) = try await hostileSite()
            try await site.application().test(.router) { client in
                let response = try await client.get(
                    "/api/doc?key=" + (pageKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                #expect(response.status == .ok)
                #expect(!response.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
                let document = try #require(try response.json() as? [String: Any])
                #expect((document["title"] as? String)?.contains("<script>") == true, "JSON keeps the text exactly, escaped")
            }
        }

        /// Nothing in `html` that a browser would run or follow into a script, and no control
        /// character a document brought.
        static func expectNothingRuns(_ html: String, _ what: String) {
            let lowered = html.lowercased()
            let scripts = lowered.ranges(of: "<script").count
            #expect(scripts == 1, "\(what): only the site's own script tag")
            #expect(lowered.contains("<script src=\"/assets/site-"), "\(what)")
            for scheme in ["javascript:", "data:", "vbscript:"] {
                #expect(!lowered.contains("href=\"" + scheme) && !lowered.contains("href=\" " + scheme), "\(what): a \(scheme) link")
            }
            // Every `<` of a document's text is escaped, so each tag on the page is the site's own:
            // none has an event handler, none loads a picture.
            for tag in lowered.matches(of: /<[^>]*>/) {
                #expect(tag.output.firstMatch(of: /\son[a-z]+\s*=/) == nil, "\(what): an event handler in \(tag.output)")
                #expect(!tag.output.hasPrefix("<img"), "\(what): a picture loaded from elsewhere")
            }
            let control = html.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            #expect(control == nil, "\(what): a control character reached the page: \(String(describing: control))")
        }
    }
}
