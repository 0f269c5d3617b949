import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import Testing

@testable import ReaderWeb

extension SiteSuites {
    /// The document page of any source, drawn from the model: a real web page with its sections
    /// anchored, its contents, its status line and its relations (a link to a stored page, a
    /// fetch button for an RFC it cites, a page outside), a real timeline with its label and
    /// relations, and the shorthand of an identifier in the search and go-to boxes.
    @Suite struct AnyDocumentPageTests {
        func made(offline: Bool = false) async throws -> (Site, String) {
            let (_, server, reader) = try await StatedStore.shared.value
            return (Site(reader: reader, settings: SiteSettings(port: 0, offline: offline)), server.baseURL)
        }

        static func path(_ key: String) -> String {
            "/doc?key=" + QueryText.encode(key)
        }

        @Test
        func aWebPageHasItsSectionsAnchoredItsContentsItsStatusAndItsRelations() async throws {
            let (site, base) = try await made()
            try await site.application().test(.router) { client in
                let page = try await client.get(Self.path(base + StatedStore.wikipedia))
                #expect(page.status == .ok)
                let text = page.text
                #expect(text.contains("<h1>Hermitian matrix</h1>"))
                // Each heading anchored by its words, and the contents link to it.
                #expect(text.contains("<nav class=\"contents\""))
                #expect(
                    text.contains(
                        "<li class=\"depth-0\"><a href=\"#section-alternative-characterizations-edit\">Alternative characterizations[edit]</a></li>"
                    ))
                #expect(text.contains("<h3 id=\"section-alternative-characterizations-edit\">"))
                // The byline and the module's status line under the title.
                #expect(text.contains("<p class=\"meta\">Contributors to Wikimedia projects · Encyclopedia article · linear algebra</p>"))
                // Its relations: a stored page a link here, a page outside a link there, an RFC
                // not stored a fetch button, each under its kind's words.
                #expect(text.contains("<h2 id=\"related-links\">Links to</h2>"))
                #expect(text.contains("<a href=\"\(Self.path(base + StatedStore.book))\">"))
                #expect(text.contains("<a href=\"https://example.org/elsewhere\" class=\"outside\">https://example.org/elsewhere</a>"))
                #expect(text.contains("<h2 id=\"related-cites\">Cites</h2>"))
                #expect(
                    text.contains(
                        "<button form=\"fetch\" name=\"rfc\" value=\"6093\" class=\"fetch\" title=\"Fetch RFC 6093\">RFC 6093</button>"))
                #expect(text.contains("<a class=\"section\" href=\"#section-properties-edit\">§Properties[edit]</a>"))
            }
            // Offline, the RFC it cites is named, not offered.
            try await made(offline: true).0.application().test(.router) { client in
                let text = try await client.get(Self.path(base + StatedStore.wikipedia)).text
                #expect(text.contains("<span class=\"absent\" title=\"RFC 6093 is not in the store\">RFC 6093</span>"))
                #expect(!text.contains("<button"))
            }
        }

        @Test func aTimelineIsItsPostsAnchoredUnderItsLabelWithItsRelations() async throws {
            let (site, base) = try await made()
            try await site.application().test(.router) { client in
                let page = try await client.get(Self.path(base + "/timeline.json"))
                #expect(page.status == .ok)
                let text = page.text
                #expect(text.contains("<h1>@home: "))
                #expect(text.contains("<title>@home: "))
                #expect(text.contains("<article class=\"post\" id=\"post-"))
                #expect(text.contains("<h2 id=\"related-repliesto\">Replies to</h2>"))
                // A post no module names: words, nothing to fetch; a stored page: a link.
                #expect(text.contains("<span class=\"absent\" title=\"tweets/status:1 is not in the store\">tweets/status:1</span>"))
                #expect(text.contains("<h2 id=\"related-quotes\">Quotes</h2>"))
                #expect(text.contains("<a href=\"\(Self.path(base + StatedStore.wikipedia))\">"))
            }
        }

        @Test func aShorthandInTheSearchOrGoToBoxOpensWhatItNames() async throws {
            let (site, _) = try await made()
            try await site.application().test(.router) { client in
                for typed in ["793", "rfc+793", "RFC793"] {
                    let search = try await client.get("/search?q=" + typed)
                    #expect(search.status == .seeOther, "\(typed)")
                    #expect(search.headers[.location] == "/rfc/793", "\(typed)")
                }
                let go = try await client.get("/go?to=rfc+9110")
                #expect(go.headers[.location] == "/rfc/9110")
                #expect(try await client.get("/go?to=hermitian").headers[.location] == "/search?q=hermitian")
                // Words are searched; JSON is never redirected.
                #expect(try await client.get("/search?q=hermitian+matrix").status == .ok)
                #expect(try await client.get("/api/search?q=793").status == .ok)
            }
        }

        @Test func bannersComeFromTheKindsOfRelationsWhateverTheSource() async throws {
            let names = KeyNames(Registry(modules: builtinModules).registrations.flatMap(\.module.descriptor.identifiers))
            let links = KeyLinks(names: names, stored: ["https://example.org/new"], mayFetch: true)
            var html = HTML()
            PageParts.banner(
                [
                    RelatedDocument(type: "obsoletedBy", key: "rfc/9293", label: "RFC 9293", stored: false),
                    RelatedDocument(type: "replacedBy", key: "https://example.org/new", label: "example.org/new", stored: true),
                    RelatedDocument(type: "citedBy", key: "rfc/1122", label: "RFC 1122", stored: false),
                ], notices: ["Obsoleted by RFC 9293 (said by the index)"], RelationKind.standard, links, into: &html)
            #expect(
                html.output
                    == "<aside class=\"banner\" role=\"note\"><p>Obsoleted by "
                    + "<button form=\"fetch\" name=\"rfc\" value=\"9293\" class=\"fetch\" title=\"Fetch RFC 9293\">RFC 9293</button></p>"
                    + "<p>Replaced by <a href=\"/doc?key=https%3A%2F%2Fexample.org%2Fnew\">example.org/new</a></p></aside>\n")
        }

        /// A kind with a banner on the document that has it (`became`) shows over that document
        /// too ("Became RFC 8288" over the draft), and is not listed again below; banners come
        /// in the kinds' order, as `open` writes them, whatever order the relations came in.
        @Test func aDraftShowsTheRFCItBecameAndBannersComeInTheKindsOrder() async throws {
            let names = KeyNames(Registry(modules: builtinModules).registrations.flatMap(\.module.descriptor.identifiers))
            let links = KeyLinks(names: names, stored: [], mayFetch: false)
            let related = [
                RelatedDocument(type: "updatedBy", key: "rfc/1122", label: "RFC 1122", stored: false),
                RelatedDocument(type: "became", key: "rfc/8288", label: "RFC 8288", stored: false),
                RelatedDocument(type: "obsoletedBy", key: "rfc/9293", label: "RFC 9293", stored: false),
                RelatedDocument(type: "cites", key: "rfc/3986", label: "RFC 3986", stored: false),
            ]
            var html = HTML()
            PageParts.banner(related, notices: [], RelationKind.standard, links, into: &html)
            let paragraphs = html.output.components(separatedBy: "<p>").dropFirst().map { $0.prefix { $0 != " " } }
            #expect(paragraphs == ["Obsoleted", "Updated", "Became"], "\(html.output)")
            var lists = HTML()
            PageParts.related(related, RelationKind.standard, links, sections: [:], into: &lists)
            #expect(!lists.output.contains("Became"), "\(lists.output)")
            #expect(lists.output.contains("Cites"))
        }
    }
}
