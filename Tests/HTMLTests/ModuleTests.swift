import ReaderPluginAPI
import Testing

@testable import HTML

@Suite struct ModuleTests {
    let module = HTMLModule()

    @Test func descriptor() {
        let descriptor = module.descriptor
        #expect(descriptor.name == "html")
        #expect(descriptor.requestTypes == ["html"])
        #expect(descriptor.urlPatterns == ["http://*", "https://*"])
        #expect(descriptor.mediaTypes == ["text/html", "application/xhtml+xml"])
        #expect(descriptor.fileExtensions == ["html", "htm", "xhtml"])
        #expect(descriptor.version == "4")
    }

    func score(_ text: String, fileName: String? = nil, mediaType: String? = nil) -> Int {
        module.recognize(Sample(prefix: ArraySlice(Array(text.utf8)), fileName: fileName, mediaType: mediaType))
    }

    @Test func recognizesPagesByTheirFirstBytes() {
        #expect(score("<!DOCTYPE html><html><head>") == 90)
        #expect(score("\u{FEFF}  \n<!doctype HTML>") == 90)
        #expect(score("<html lang=en>") == 90)
        #expect(score("<HEAD><title>x</title>") == 90)
        #expect(score("<!-- saved page -->\n<div class=a>hello</div>") == 90)
        #expect(score("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>") == 90)
    }

    @Test func leavesOtherKindsAlone() {
        #expect(score(#"{"data": [{"id": "1", "text": "<p>hi</p>"}]}"#) == 0)
        #expect(score(#"[{"id": 1}]"#, fileName: "tweets.html") == 0)
        let rfc = "\n\n\nNetwork Working Group                                          J. Postel\nRequest for Comments: 793\n"
        #expect(score(rfc + "The <body> of the text") == 0)
        #expect(score("plain words", fileName: "notes.txt") == 0)
    }

    @Test func fallsBackToNameAndMediaType() {
        #expect(score("hello", fileName: "page.htm") == 40)
        #expect(score("hello", mediaType: "text/html") == 50)
    }

    /// A `<title>` element without metadata is read as Readability reads it.
    @Test func titleHeuristic() {
        func title(_ text: String, headings: [String] = [], onlyH1: String? = nil) -> String {
            TitleHeuristic.title(from: text, headings: headings, onlyH1: onlyH1)
        }
        #expect(title("A long story about the rivers of the north - The Site") == "A long story about the rivers of the north")
        // "The Site" is under three words: the part after the first separator (Readability
        // cuts before the white space of " | ", so no empty word is counted).
        #expect(title("The Site | A long story about the rivers of the north") == "A long story about the rivers of the north")
        #expect(title("Short story - The Site") == "Short story - The Site")
        #expect(title("Google - Site Reliability Engineering") == "Google - Site Reliability Engineering")
        #expect(
            title("Evolve: Shared Mutable History — evolve extension for Mercurial")
                == "Evolve: Shared Mutable History — evolve extension for Mercurial")
        #expect(title("News: Rivers rise again in the north of the country") == "Rivers rise again in the north of the country")
        #expect(title("News: Rivers rise", headings: ["News: Rivers rise"]) == "News: Rivers rise")
        #expect(title("Home", onlyH1: "Rivers rise again in the north today") == "Rivers rise again in the north today")
    }

    @Test func resolvesRelativeAddresses() {
        let resolver = URLResolver(pageURL: "https://a.example/b/c/page.html?q=1#top", baseHref: nil)
        #expect(resolver.resolve("d.png") == "https://a.example/b/c/d.png")
        #expect(resolver.resolve("../d.png") == "https://a.example/b/d.png")
        #expect(resolver.resolve("/root.png") == "https://a.example/root.png")
        #expect(resolver.resolve("//cdn.example/x.js") == "https://cdn.example/x.js")
        #expect(resolver.resolve("?page=2") == "https://a.example/b/c/page.html?page=2")
        #expect(resolver.resolve("#section") == "https://a.example/b/c/page.html?q=1#section")
        #expect(resolver.resolve("mailto:a@b.example") == "mailto:a@b.example")
        #expect(resolver.linkTarget("javascript:void(0)") == nil)
        #expect(resolver.linkTarget("#") == nil)
        let based = URLResolver(pageURL: "https://a.example/b/", baseHref: "/static/")
        #expect(based.resolve("x.css") == "https://a.example/static/x.css")
        #expect(URLResolver(pageURL: nil, baseHref: nil).resolve("rel/x.html") == "rel/x.html")
    }

    @Test func readsJSONLDThroughThePluginAPIParser() {
        let value = JSONValue(jsonText: #"{"a": [1, 2.5, "x\u00e9\n", true, null], "b": {"c": "\ud83d\ude00"}}"#)
        #expect(value == ["a": [1, .number(2.5), "xé\n", true, nil], "b": ["c": "😀"]])
        #expect(JSONValue(jsonText: "{\"a\": ") == nil)
        #expect(JSONValue(jsonText: String(repeating: "[", count: 100_000)) == nil)
    }
}
