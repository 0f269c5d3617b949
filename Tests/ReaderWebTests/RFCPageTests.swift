import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderTestHarness
import ReaderWeb
import Testing

extension SiteSuites {
    /// The page of an RFC as a reader meets it, on real RFCs: its title page as the RFC lays
    /// it out, its "Section N" and `[2]` as links, no fetch button for an RFC that does not
    /// exist, and "Recently read" made of what was opened.
    @Suite struct RFCPageTests {
        func site(offline: Bool = false) async throws -> Site {
            let (store, _) = try await ReadStore.filled.value
            return Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0, offline: offline))
        }

        @Test func anRFCPastTheIndexOrNeverIssuedOffersNothingToFetch() async throws {
            try await site().application().test(.router) { client in
                let past = try await client.get("/rfc/99999")
                #expect(past.status == .notFound)
                #expect(past.text.contains("RFC 99999 is not in the stored RFC index, whose last is RFC 9829"))
                #expect(!past.text.contains("<button"), "nothing to fetch")
                let never = try await client.get("/rfc/14")
                #expect(never.status == .notFound)
                #expect(never.text.contains("RFC 14 was never issued"))
                #expect(never.text.contains("<h1>RFC 14</h1>"))
                #expect(!never.text.contains("<button"), "nothing to fetch")
                // One that exists and is not stored still has its button.
                #expect(try await client.get("/rfc/791").text.contains(">Fetch RFC 791</button>"))
            }
        }

        @Test func theTitlePageOf793ReadsAsTheRFCLaysItOut() async throws {
            try await site().application().test(.router) { client in
                let page = try await client.get("/rfc/793").text
                // One figure, the centred lines where the RFC puts them.
                let figure = try #require(page.range(of: "<pre>").map { page[$0.upperBound...] }?.prefix { $0 != "<" })
                #expect(
                    figure.contains(
                        "\n                              prepared for\n\n               Defense Advanced Research Projects Agency\n"))
                #expect(figure.contains("                   Marina del Rey, California  90291"))
                #expect(!page.contains("<strong>Defense Advanced Research Projects Agency</strong>"))
                // The preface's signature: the name over its role, together.
                #expect(page.contains("<pre>Jon Postel\n\nEditor</pre>"))
            }
        }

        @Test func sectionsAndCitationsInTheTextAreLinks() async throws {
            try await site().application().test(.router) { client in
                let http = try await client.get("/rfc/9110").text
                // "Section 4.2.1" → its anchor here.
                #expect(http.contains("(<a href=\"#section-4.2.1\" class=\"xref\">Section 4.2.1</a>)"))
                // "Section 6 of [URI]" is RFC 3986's section 6 (stored): into its page, never this page's.
                #expect(http.contains("Section <a href=\"/rfc/3986#section-6\" class=\"xref\">6</a> of [<a href=\"/rfc/3986\">URI</a>]"))
                // A citation of an RFC not stored: its fetch button; of anything else: the entry.
                #expect(
                    http.contains(
                        "[<button form=\"fetch\" name=\"rfc\" value=\"8336\" class=\"fetch\" title=\"Fetch RFC 8336\">RFC8336</button>]"))
                #expect(http.contains("[<a href=\"#ref-REST\" class=\"cite\">REST</a>]"))
                #expect(http.contains("<p id=\"ref-REST\">"))
                // RFC 793's numbered references: [2] is RFC 791, [1] a paper.
                let tcp = try await client.get("/rfc/793").text
                #expect(
                    tcp.contains("[<button form=\"fetch\" name=\"rfc\" value=\"791\" class=\"fetch\" title=\"Fetch RFC 791\">2</button>]"))
                #expect(tcp.contains("[<a href=\"#ref-1\" class=\"cite\">1</a>]"))
                #expect(tcp.contains("<p id=\"ref-1\">[1] Cerf, V."))
            }
            // Offline, a citation of an RFC not stored goes to its entry in the list.
            try await site(offline: true).application().test(.router) { client in
                let tcp = try await client.get("/rfc/793").text
                #expect(tcp.contains("[<a href=\"#ref-2\" class=\"cite\">2</a>]"))
                #expect(!tcp.contains("<button"))
            }
        }

        @Test func recentlyReadIsWhatWasOpenedNotWhatWasFetched() async throws {
            let (store, _) = try await ReadStore.filled.value
            // `reader open` in a terminal, then a page on the site.
            let run = try await ReaderCommandLine(store: store).binary.run(["open", "8446", "--offline"])
            #expect(run.status == 0)
            try await site().application().test(.router) { client in
                var home = try await client.get("/").text
                #expect(Self.recentlyRead(home).first == "/rfc/8446")
                #expect(try await client.get("/rfc/2616").status == .ok)
                home = try await client.get("/").text
                #expect(Self.recentlyRead(home).prefix(2) == ["/rfc/2616", "/rfc/8446"])
            }
        }

        /// The links of the "Recently read" list, in order.
        static func recentlyRead(_ page: String) -> [String] {
            guard let start = page.range(of: "<ol class=\"documents read\">"), let end = page[start.upperBound...].range(of: "</ol>") else {
                return []
            }
            return page[start.upperBound..<end.lowerBound].components(separatedBy: "<a href=\"").dropFirst().compactMap {
                $0.split(separator: "\"").first.map(String.init)
            }
        }
    }
}
