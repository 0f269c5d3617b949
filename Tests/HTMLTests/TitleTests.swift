import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

/// Titles as Mozilla Readability decides them: meta tags and JSON-LD as they are, a `<title>`
/// element by its `_getArticleTitle` rules.
@Suite struct TitleTests {
    func title(_ text: String, headings: [String] = [], onlyH1: String? = nil) -> String {
        TitleHeuristic.title(from: text, headings: headings, onlyH1: onlyH1)
    }

    func parsedTitle(_ html: String) throws -> String {
        try HTMLModule().parse(ParseInput(bytes: Array(html.utf8), requestType: "html", key: "title")).title
    }

    /// The 12 Readability pages: every title exactly Readability's.
    @Test func corpusTitlesAreReadabilitys() throws {
        var right = 0
        for name in ReadabilityPage.names {
            let expected = try #require(try ReadabilityPage.expectedMetadata(name)["title"]?.stringValue)
            let title = try ReadabilityPage.parse(name).title
            #expect(title == expected, "\(name)")
            if title == expected { right += 1 }
        }
        print("Readability corpus titles right: \(right) of \(ReadabilityPage.names.count)")
    }

    // Synthetic titles, one rule each.

    /// Each of `| - – — \ / > »` with spaces around it: the part before the last one.
    @Test func partBeforeTheLastSeparator() {
        for separator in ["|", "-", "–", "—", "\\", "/", ">", "»"] {
            #expect(title("Rivers rise again in the north \(separator) The Site") == "Rivers rise again in the north")
        }
        #expect(title("Rivers rise again in the north | Weather | The Site") == "Rivers rise again in the north | Weather")
        // Unspaced, a dash is a hyphen; `·` and `::` are not Readability's separators.
        #expect(title("A well-known story about the rivers") == "A well-known story about the rivers")
        #expect(title("Rivers rise again in the north · The Site") == "Rivers rise again in the north · The Site")
    }

    /// Fewer than three words before the last separator: what follows the first one.
    @Test func shortFirstPartGivesThePartAfterTheFirstSeparator() {
        #expect(title("The Site | Rivers rise again in the north") == "Rivers rise again in the north")
        #expect(title("BBC News » Rivers rise again in the north") == "Rivers rise again in the north")
        // The first separator need not be spaced (Readability's `^[^|\-–—\\/>»]*[…]`): a hyphen counts.
        #expect(title("Well-known Site | Rivers rise again in the north") == "known Site | Rivers rise again in the north")
    }

    @Test func colonRule() {
        // No heading is the whole title: what follows the last colon.
        #expect(title("News: Rivers rise again in the north") == "Rivers rise again in the north")
        // A heading is the whole title: the colon is part of it.
        let full = "Evolve: Shared Mutable History Explained Simply"
        #expect(title(full, headings: ["Other", full]) == full)
        // Under three words after the last colon: what follows the first one.
        #expect(title("Weather: Rivers rise again in the north: Today") == "Rivers rise again in the north: Today")
        // More than five words before the colon: the whole title.
        let long = "A long story about the rivers of the north: Why they rise"
        #expect(title(long) == long)
    }

    /// Over 150 or under 15 characters (UTF-16 units, as JavaScript counts): the only `<h1>`.
    @Test func longOrShortTitleGivesTheOnlyH1() {
        let h1 = "Rivers rise again in the north today"
        #expect(title("Home", onlyH1: h1) == h1)
        #expect(title(String(repeating: "word ", count: 31), onlyH1: h1) == h1)
        #expect(title("Home") == "Home")  // two `<h1>`s, or none
        #expect(title("A title of middling length here", onlyH1: h1) == "A title of middling length here")
        // 14 characters, but 16 UTF-16 units: not short.
        #expect(title("😀😀 Rivers rise", onlyH1: h1) == "😀😀 Rivers rise")
    }

    /// Four words or fewer left: the original title, unless a hierarchical separator took
    /// exactly one word off.
    @Test func wordCountCheck() {
        #expect(title("Short story here - The Site") == "Short story here - The Site")
        #expect(title("Docs / Install Guide") == "Install Guide")
        #expect(title("Rivers rise » The Daily Site") == "Rivers rise » The Daily Site")
        #expect(title("Home", onlyH1: "Rivers rise") == "Home")
    }

    /// A meta title keeps a site name ("… | eHow", "… - Medium"): Readability does not cut it.
    @Test func metaTitlesAreTakenAsTheyAre() throws {
        let html = """
            <html><head><title>Other</title><meta property="og:site_name" content="eHow">
            <meta property="og:title" content="How to Plant Rivers | eHow"></head>
            <body><p>Text.</p></body></html>
            """
        #expect(try parsedTitle(html) == "How to Plant Rivers | eHow")
    }

    /// JSON-LD's `name` and `headline` are settled against the `<title>` as Readability reads
    /// it (site part cut), so a site name in `name` does not win: against the whole `<title>`
    /// neither matches, and `name` would.
    @Test func linkedDataHeadlineAgainstTheReadTitle() throws {
        let html = """
            <html><head><title>Rivers rise again in the north | The Daily Site Of All The News</title>
            <script type="application/ld+json">
            {"@type": "NewsArticle", "name": "The Daily Site Of All The News", "headline": "Rivers rise again in the north"}
            </script></head><body><p>Text.</p></body></html>
            """
        #expect(try parsedTitle(html) == "Rivers rise again in the north")
    }

    @Test func titleElementIsReadByTheRules() throws {
        let html = "<html><head><title>Home</title></head><body><h1>Rivers rise again in the north today</h1><p>Text.</p></body></html>"
        #expect(try parsedTitle(html) == "Rivers rise again in the north today")
    }
}
