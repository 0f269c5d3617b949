import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestSupport
import Testing

/// A web page's `links` relations name each page by the key the engine would store it under:
/// the html module writes the engine's rule for URLs itself (it cannot import it), and this
/// holds the two equal on every link of the real pages of the html corpus, and on the forms
/// the rule changes (case of scheme and host, default ports, fragments).
@Suite struct LinkKeyAgreementTests {
    static let pages = ["wikipedia-3", "mozilla-2", "nytimes-1", "bbc-1", "lemonde-1", "medium-1", "mercurial", "google-sre-book-1"]

    func relations(_ bytes: [UInt8], url: String) throws -> [Relation] {
        let module = try #require(Registry(modules: builtinModules).module(for: "html"))
        let input = ParseInput(bytes: bytes, requestType: "html", key: Request.urlKey(url), url: url, mediaType: "text/html", charset: nil)
        return try module.parse(input).relations
    }

    @Test(arguments: pages) func everyLinkOfARealPageIsKeyedAsTheEngineKeysIt(_ page: String) throws {
        let bytes = try Corpus.bytes("html/\(page)/source.html")
        let relations = try relations(bytes, url: "https://Example.ORG:443/\(page)/index.html#top")
        #expect(!relations.isEmpty, "\(page) has links")
        for relation in relations {
            #expect(relation.type == "links")
            #expect(relation.target == Request.urlKey(relation.target), "\(relation.target)")
        }
        // Relative links are resolved against the page and keyed by the engine's rule.
        #expect(!relations.contains { $0.target.contains("#") || $0.target.hasPrefix("https://Example.ORG") })
    }

    @Test func theFormsTheRuleChangesAreKeyedAlike() throws {
        let links = [
            "HTTP://Example.COM:80/a/B?q=1#frag", "https://example.com:443/", "https://EXAMPLE.com:8443/x#y", "http://example.com/%7Euser/",
        ]
        let page =
            "<html><body><article><p>" + links.enumerated().map { "<a href=\"\($1)\">link \($0)</a> words words words." }.joined()
            + "</p></article></body></html>"
        let relations = try relations(Array(page.utf8), url: "https://reader.test/page")
        #expect(relations.map(\.target) == links.map(Request.urlKey), "\(relations.map(\.target))")
    }
}
