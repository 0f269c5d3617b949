import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderWeb
import Testing

extension SiteSuites {
    /// The site's pages over a store filled as a user fills it, each test body run in process
    /// (through the router) and against a live server on a port, as Hummingbird's own tests are.
    @Suite struct SitePagesTests {
        func site(offline: Bool = false) async throws -> Site {
            let (store, _) = try await ReadStore.filled.value
            return Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0, offline: offline))
        }

        @Test(arguments: bothWays)
        func theHomePageListsWhatWasReadAndCountsEachSource(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let home = try await client.get("/")
                #expect(home.status == .ok)
                #expect(home.headers[.contentType] == "text/html; charset=utf-8")
                #expect(home.text.contains("<strong>6</strong> RFCs"))
                #expect(home.text.contains("<a href=\"/rfc/793\">RFC 793: Transmission Control Protocol</a>"))
                #expect(home.text.contains("Hermitian matrix"))
                let json = try #require(try await client.get("/api").json() as? [String: Any])
                #expect(json["documents"] as? Int == 10)
                #expect((json["counts"] as? [String: Int])?["rfc"] == 6)
                #expect((json["recent"] as? [[String: Any]])?.count == 10)
            }
        }

        @Test(arguments: bothWays)
        func anRFCPageHasItsContentsAnchoredSectionsAndTheObsoletedByBanner(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let page = try await client.get("/rfc/793")
                #expect(page.status == .ok)
                #expect(page.text.contains("<h1>RFC 793: Transmission Control Protocol</h1>"))
                // The contents link to the sections, and the sections carry the anchors.
                #expect(page.text.contains("<a href=\"#section-3.2\"><span class=\"number\">3.2</span> Terminology</a>"))
                #expect(page.text.contains("<h3 id=\"section-3.2\"><a class=\"number\" href=\"#section-3.2\">3.2</a> Terminology</h3>"))
                // Obsoleted by RFC 9293, which is not stored: a button that fetches it.
                let banner = try #require(page.text.range(of: "<aside class=\"banner\"").map { page.text[$0.lowerBound...].prefix(800) })
                #expect(banner.contains("Obsoleted by"))
                #expect(banner.contains("<button form=\"fetch\" name=\"rfc\" value=\"9293\""))
                #expect(page.text.contains("<form id=\"fetch\" method=\"post\" action=\"/fetch\">"))
            }
        }

        @Test(arguments: bothWays)
        func everyRFCReferenceToAStoredRFCIsALinkToItsPage(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                // RFC 2616 is obsoleted by 7230-7235 (not stored); RFC 9110 cites RFC 3986 (stored).
                let page = try await client.get("/rfc/9110")
                #expect(page.status == .ok)
                #expect(page.text.contains("<a href=\"/rfc/3986\">RFC 3986</a>"))
                // What it cites: the relations of its text, under the kind's words.
                #expect(page.text.contains("<h2 id=\"related-cites\">Cites</h2>"))
                let obsoleted = try await client.get("/rfc/2616")
                #expect(obsoleted.text.contains("value=\"7230\""))
            }
        }

        @Test(arguments: bothWays)
        func everyPageIsAlsoTheJSONOfTheMatchingCommand(_ way: Way) async throws {
            let (store, _) = try await ReadStore.filled.value
            let cli = try ReaderCommandLine(store: store)
            try await site().application().visit(way) { client in
                // /api/… and Accept: application/json alike.
                for response in [try await client.get("/api/rfc/793"), try await client.get("/rfc/793", accept: "application/json")] {
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                    let page = try #require(try response.json() as? NSDictionary)
                    let open = try #require(try await cli.json(["open", "793", "--offline", "--format", "json"]) as? NSDictionary)
                    #expect(page == open, "the page's JSON is not `reader open 793 --format json`'s")
                }
                let index = try await client.get("/api/index?status=INTERNET+STANDARD&year=1981")
                let list = try await cli.json(["list", "--status", "INTERNET STANDARD", "--year", "1981", "--json"])
                #expect((try index.json() as? NSArray) == (list as? NSArray))
                #expect((try index.json() as? [[String: Any]])?.map { $0["number"] as? Int } == [791, 792, 793])

                let search = try #require(
                    try await client.get("/api/search?q=%22remembering+of+several+variables%22").json() as? [String: Any])
                let found = try await cli.json(["find", "\"remembering of several variables\"", "--json"])
                #expect((search["find"] as? NSArray) == (found as? NSArray))
                let first = try #require((search["find"] as? [[String: Any]])?.first)
                #expect(first["key"] as? String == "rfc/793")
                #expect(first["open"] as? String == "reader open 793 --section 3.2")
            }
        }

        @Test(arguments: bothWays)
        func searchShowsBothTheIndexAndTheTextWithMatchesMarkedAndSectionLinks(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let page = try await client.get("/search?q=%22remembering+of+several+variables%22")
                #expect(page.status == .ok)
                #expect(page.text.contains("<a href=\"/rfc/793#section-3.2\">RFC 793: Transmission Control Protocol</a>"))
                #expect(page.text.contains("<mark>remembering</mark>"))
                #expect(page.text.contains("value=\"&quot;remembering of several variables&quot;\""), "the box keeps the query")
                let index = try await client.get("/search?q=transmission+control+protocol")
                #expect(index.text.contains("<h2>In the RFC index</h2>"))
                #expect(index.text.contains("<a href=\"/rfc/793\">RFC 793</a> Transmission Control Protocol"))
                let nothing = try await client.get("/search?q=zzqxjv")
                #expect(nothing.text.contains("Nothing stored matches."))
            }
        }

        @Test(arguments: bothWays)
        func aPassageReadsAsFindGivesItWithAnEllipsisOnlyWhereItIsCut(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                // "tcp" matches passages cut on both sides, on one, and whole ones.
                let json = try #require(try await client.get("/api/search?q=tcp").json() as? [String: Any])
                let snippets = try #require((json["find"] as? [[String: Any]])?.compactMap { $0["snippet"] as? String })
                let page = try await client.get("/search?q=tcp")
                let shown = page.text.matches(of: /<p class="snippet">(.*?)<\/p>/).map { match in
                    String(match.1).replacing("<mark>", with: "").replacing("</mark>", with: "")
                        .replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<")
                        .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
                }
                #expect(snippets.count > 1)
                #expect(shown == snippets)
                #expect(!page.text.contains("……"))
            }
        }

        @Test(arguments: bothWays)
        func theIndexIsPagedAndFilteredAsListFilters(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let first = try await client.get("/index")
                #expect(first.status == .ok)
                #expect(first.text.contains("9816 entries"))
                #expect(first.text.contains("Page 1 of 50"))
                #expect(first.text.contains("<a href=\"/rfc/1\">1</a>"), "a stored RFC is a link")
                #expect(
                    first.text.contains("value=\"2\" class=\"fetch\" title=\"Fetch RFC 2\">2</button>"), "one not stored is a fetch button")
                let later = try await client.get("/index?page=4")
                #expect(later.text.contains("<a href=\"/rfc/793\">793</a>"))
                let filtered = try await client.get("/index?status=INTERNET+STANDARD&year=1981")
                #expect(filtered.text.contains("3 entries"))
                let wrong = try await client.get("/index?status=NONSENSE")
                #expect(wrong.status == .badRequest)
                #expect(wrong.text.contains("no RFC has the status"))
            }
        }

        /// A page per subseries: BCP 14's members from the real index, each a link or a fetch button.
        @Test(arguments: bothWays)
        func aSubseriesIsAPageOfItsMembers(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let page = try await client.get("/group?kind=bcp&number=14")
                #expect(page.status == .ok)
                #expect(page.text.contains("<h1>BCP 14 (Best Current Practice)</h1>"))
                #expect(page.text.contains("2 members"))
                #expect(page.text.contains("title=\"Fetch RFC 2119\">2119</button>"))
                #expect(page.text.contains("title=\"Fetch RFC 8174\">8174</button>"))
                let std = try await client.get("/api/group?kind=std&number=5")
                #expect((try std.json() as? [[String: Any]])?.map { $0["number"] as? Int } == [791, 792, 919, 922, 950, 1112])
                #expect(try await client.get("/group?kind=nonsense&number=1").status == .notFound)
                #expect(try await client.get("/group?kind=bcp&number=-1").status == .badRequest)
            }
        }

        @Test(arguments: bothWays)
        func aPageAndATimelineAreReadingViewsAndAnyStoredDocumentOpensByKey(_ way: Way) async throws {
            let (_, server) = try await ReadStore.filled.value
            try await site().application().visit(way) { client in
                let key = server.baseURL + "/pages/wikipedia-3.html"
                let page = try await client.get("/doc?key=" + key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                #expect(page.status == .ok)
                #expect(page.text.contains("<h1>Hermitian matrix</h1>"))
                // A relative link resolved against the address the page was read from.
                #expect(page.text.contains("<a href=\"\(server.baseURL)/wiki/Conjugate_transpose\">conjugate transpose</a>"))
                let timeline = try await client.get(
                    "/doc?key=" + (server.baseURL + "/timeline.json").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                #expect(timeline.status == .ok)
                #expect(timeline.text.contains("<article class=\"post repost\" id=\"post-"))
                #expect(timeline.text.contains("Reposted by @__jcbl__"))
                #expect(try await client.get("/doc?key=rfc-index").status == .seeOther)
            }
        }

        @Test(arguments: bothWays)
        func whatIsNotStoredIsA404ThatOffersToFetchOnlyWhenOnline(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                let absent = try await client.get("/rfc/9293")
                #expect(absent.status == .notFound)
                #expect(absent.text.contains("RFC 9293: Transmission Control Protocol (TCP)"))
                #expect(absent.text.contains(">Fetch RFC 9293</button>"))
                #expect(try await client.get("/api/rfc/9293").status == .notFound)
                #expect(try await client.get("/doc?key=nothing-here").status == .notFound)
                #expect(try await client.get("/no/such/page").status == .notFound)
                #expect(try await client.get("/rfc/banana").status == .notFound)
            }
            try await site(offline: true).application().visit(way) { client in
                let absent = try await client.get("/rfc/9293")
                #expect(absent.status == .notFound)
                #expect(!absent.text.contains("<button"), "offline: no page offers to fetch")
                let page = try await client.get("/rfc/2616")
                #expect(!page.text.contains("<button"))
                #expect(!page.text.contains("id=\"fetch\""))
                #expect(page.text.contains("<span class=\"absent\" title=\"RFC 7230 is not in the store\">RFC 7230</span>"))
            }
        }

        @Test(arguments: bothWays)
        func everyAnswerCarriesAPolicyThatAllowsOnlyTheSiteItself(_ way: Way) async throws {
            try await site().application().visit(way) { client in
                for path in ["/", "/rfc/793", "/index", "/search?q=tcp", "/no/such/page", "/api/rfc/793"] {
                    let response = try await client.get(path)
                    let policy = try #require(response.headers[.contentSecurityPolicy], "\(path)")
                    #expect(policy.contains("default-src 'none'"))
                    #expect(policy.contains("script-src 'self'"))
                    #expect(!policy.contains("unsafe-inline"))
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                }
                let page = try await client.get("/rfc/793")
                let css = page.text.firstMatch(of: /href="(\/assets\/site-[^"]+\.css)"/).map { String($0.1) }
                let script = page.text.firstMatch(of: /src="(\/assets\/site-[^"]+\.js)"/).map { String($0.1) }
                let stylesheet = try await client.get(try #require(css))
                #expect(stylesheet.status == .ok)
                #expect(stylesheet.text.contains("prefers-color-scheme: dark"))
                #expect(try await client.get(try #require(script)).headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(!page.text.contains("<script>"), "no inline script")
            }
        }
    }
}
