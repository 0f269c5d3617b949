import ReaderPluginAPI
import Testing

@testable import HTML

/// A hand-made article page with the furniture real pages have around their content.
@Suite struct StructureTests {
    static let filler = "The committee met on Tuesday, and the members, after a long debate, agreed on the plan. "

    static let page = """
        <!DOCTYPE html>
        <html lang="en-GB"><head>
        <title>Rivers of the North - The Daily Example</title>
        <base href="https://news.example.com/world/">
        <meta property="og:site_name" content="The Daily Example">
        <meta property="article:published_time" content="2024-05-01T08:00:00Z">
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",
          "author":[{"@type":"Person","name":"Ann Writer"},{"@type":"Person","name":"Bo Editor"}]}</script>
        <script>var tracker = "do not show this";</script>
        </head><body>
        <div id="cookie-banner"><p>We use cookies. Accept all cookies to continue reading this site.</p></div>
        <header class="masthead"><nav><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li></ul></nav></header>
        <main><article class="story">
        <h1>Rivers of the North</h1>
        <p>The <strong>northern rivers</strong> are <em>rising</em> again; see <a href="report.html">the report</a>
        and the <code>flow_rate</code> table. \(filler)</p>
        <div class="share-tools"><a href="https://social.example/share">Share</a> <a href="https://mail.example">Email</a></div>
        <h2>What the data says</h2>
        <p>\(filler)\(filler)</p>
        <ul><li>First point, about the <a href="../data/levels.csv">levels</a>.</li>
          <li>Second point<ol><li>nested one</li><li>nested two</li></ol></li></ul>
        <blockquote><p>Water finds its way, said the engineer.</p></blockquote>
        <pre>  level = read()
          if level &gt; 3 { warn() }</pre>
        <table><thead><tr><th>River</th><th>Level</th></tr></thead>
          <tbody><tr><td>Tay</td><td>3.2 m</td></tr><tr><td>Spey</td><td>2.9 m</td></tr></tbody></table>
        <figure><img src="/img/river.jpg" alt="The river in flood"><figcaption>The Tay in May.</figcaption></figure>
        <p>\(filler) Read <a href="report.html">the report again</a>.</p>
        </article>
        <aside class="sidebar"><h3>Most read</h3><ul><li><a href="/a">Other story one</a></li><li><a href="/b">Other story two</a></li></ul></aside>
        <section id="comments"><h3>Comments</h3><p>First! This is a comment nobody needs to read, honestly.</p></section>
        </main>
        <footer><p>Copyright The Daily Example. All rights reserved.</p></footer>
        </body></html>
        """

    let document: Document

    init() throws {
        document = try HTMLModule().parse(
            ParseInput(bytes: Array(Self.page.utf8), requestType: "html", key: "k", url: "https://news.example.com/x/y"))
    }

    @Test func metadata() {
        #expect(document.source == "html")
        #expect(document.key == "k")
        // Readability's rule: "Rivers of the North" is four words, and " - " is not a
        // hierarchical separator, so the whole `<title>` stays (no site-name stripping).
        #expect(document.title == "Rivers of the North - The Daily Example")
        #expect(document.metadata.byline == "Ann Writer, Bo Editor")
        #expect(document.metadata.authors == ["Ann Writer", "Bo Editor"])
        #expect(document.metadata.date == "2024-05-01T08:00:00Z")
        #expect(document.metadata.siteName == "The Daily Example")
        #expect(document.metadata.language == "en-GB")
        #expect(document.metadata.url == "https://news.example.com/x/y")
        #expect(document.extra["byline"] == "Ann Writer, Bo Editor")
        #expect(document.extra["siteName"] == "The Daily Example")
        #expect(document.extra["language"] == "en-GB")
        #expect(document.extra["published"] == "2024-05-01T08:00:00Z")
    }

    @Test func keepsTheArticleOnly() {
        let text = document.plainText
        #expect(text.hasPrefix("The northern rivers are rising again; see the report and the flow_rate table."))
        for furniture in ["cookies", "Home", "Most read", "Comments", "Copyright", "Share", "do not show"] {
            #expect(!text.contains(furniture), "\(furniture) should be gone")
        }
        // The heading that repeats the title is not in the body.
        #expect(!text.contains("Rivers of the North"))
    }

    @Test func blocksInOrder() throws {
        let kinds = document.blocks.map { block -> String in
            switch block {
            case .heading: return "heading"
            case .paragraph: return "paragraph"
            case .list: return "list"
            case .quote: return "quote"
            case .preformatted: return "pre"
            case .table: return "table"
            case .image: return "image"
            default: return "other"
            }
        }
        #expect(kinds == ["paragraph", "heading", "paragraph", "list", "quote", "pre", "table", "image", "paragraph"])
        #expect(document.blocks[1] == .heading(level: 2, number: nil, title: "What the data says"))
        #expect(document.blocks[4] == .quote([.text("Water finds its way, said the engineer.")]))
        #expect(document.blocks[5] == .preformatted("  level = read()\n  if level > 3 { warn() }", language: nil))
        #expect(document.blocks[6] == .table(rows: [["River", "Level"], ["Tay", "3.2 m"], ["Spey", "2.9 m"]], header: true))
        // The caption describes the picture, so its alt text is not repeated; the figure's
        // caption is the picture's, not a paragraph after it.
        #expect(document.blocks[7] == .image(alt: nil, url: "https://news.example.com/img/river.jpg", caption: "The Tay in May."))
    }

    @Test func inlineStylesAndLinks() throws {
        guard case .paragraph(let runs) = document.blocks[0] else {
            Issue.record("first block is not a paragraph")
            return
        }
        #expect(
            Array(runs.prefix(8)) == [
                Inline("The "), Inline("northern rivers", style: .strong), Inline(" are "),
                Inline("rising", style: .emphasis), Inline(" again; see "), Inline("the report", link: 0),
                Inline(" and the "), Inline("flow_rate", style: .code),
            ])
        #expect(
            document.links == [
                Link(text: "the report", url: "https://news.example.com/world/report.html"),
                Link(text: "levels", url: "https://news.example.com/data/levels.csv"),
            ])
        #expect(
            document.extra["links"] == [
                ["text": "the report", "url": "https://news.example.com/world/report.html"],
                ["text": "levels", "url": "https://news.example.com/data/levels.csv"],
            ])
        guard case .paragraph(let last) = document.blocks[8] else {
            Issue.record("last block is not a paragraph")
            return
        }
        // The same address again reuses the first link.
        #expect(Array(last.suffix(2)) == [Inline("the report again", link: 0), Inline(".")])
    }

    @Test func nestedLists() {
        #expect(
            document.blocks[3]
                == .list(
                    ordered: false,
                    items: [
                        [.paragraph([Inline("First point, about the "), Inline("levels", link: 1), Inline(".")])],
                        [.text("Second point"), .list(ordered: true, items: [[.text("nested one")], [.text("nested two")]])],
                    ]))
    }
}
