import ReaderKit
import ReaderPluginAPI

/// `/search?q=…`: the stored listing's titles and authors (`reader search`) and the text of every
/// stored document (`reader find`), each hit linked to its section. Its JSON is
/// `{"query": …, "index": <search --json>, "find": <find --json>}`.
struct SearchPage {
    var query: String
    /// `tag=T`, `unread=1`, `starred=1`: the full-text hits of the documents so tagged and marked.
    var filter = AnnotationFilter()

    static let indexLimit = 10
    static let findLimit = 10

    func answer(_ context: PageContext, format: Answer.Format) async throws -> Answer {
        let words = query.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else {
            switch format {
            case .json: throw ReaderError.usage("search needs words: /search?q=WORDS")
            case .html:
                return .html(context.layout("Search").page { html in html.raw("<h1>Search</h1><p>Type words in the box above.</p>") })
            }
        }
        // A query too costly to run is refused in `reader find`'s words (400), before either
        // search starts: the index's search and the full-text one take the same words.
        _ = try FullTextQuery.checked(words)
        // The two searches at once, each on a thread for pages whose cost grows with what is
        // asked (``Site/heavy(_:)``): a page takes as long as the slower of the two, not both.
        async let ranked = Site.heavy { try indexEntries(words, context) }
        async let found = Site.heavy { try findHits(words, context) }
        let (entries, hits) = try await (ranked, found)
        switch format {
        case .json:
            let body =
                "{\"query\":\(try JSONRenderer.line(query)),\"index\":\(JSONRenderer.entries(entries)),\"find\":\(try JSONRenderer.line(hits))}"
            return .json(body)
        case .html:
            return .html(context.layout("Search: \(query)", query: query).page { html in write(entries, hits, context, into: &html) })
        }
    }

    /// What `reader find` answers; nothing for only exclusions or only punctuation.
    private func findHits(_ words: [String], _ context: PageContext) throws -> [FindHit] {
        do {
            return try context.reader.find(words, limit: Self.findLimit, filter: filter).hits
        } catch let error as ReaderError where error.exitCode == 64 {
            return []
        }
    }

    /// What `reader search` answers; nothing when the index is not stored.
    private func indexEntries(_ words: [String], _ context: PageContext) throws -> [Entry] {
        do {
            return try context.reader.search(words, limit: Self.indexLimit)
        } catch let error as ReaderError where error.exitCode == 3 || error.exitCode == 64 {
            return []
        }
    }

    private func write(_ entries: [Entry], _ hits: [FindHit], _ context: PageContext, into html: inout HTML) {
        html.element("h1", text: "Search: \(query)")
        if entries.isEmpty && hits.isEmpty {
            html.raw("<p class=\"empty\">Nothing stored matches.</p>\n")
            return
        }
        if !entries.isEmpty {
            let keys = context.reader.currentListing()
            html.element("h2", text: "In the " + (keys?.listing.name ?? "index"))
            html.raw("\n<ul class=\"entries\">")
            for entry in entries {
                html.raw("<li>")
                if let key = keys?.key(ofID: entry.id) {
                    context.links.reference(key, label: context.label(ofKey: key) ?? entry.id, into: &html)
                    html.raw(" ")
                }
                html.text(entry.title)
                html.raw(" ")
                html.element(
                    "span", [("class", "meta")],
                    text: [entry.authors.joined(separator: ", "), entry.date ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
                html.raw("</li>")
            }
            html.raw("</ul>\n")
        }
        if !hits.isEmpty {
            html.raw("<h2>In the text of everything read</h2>\n")
            for hit in hits { write(hit, context, into: &html) }
        }
    }

    private func write(_ hit: FindHit, _ context: PageContext, into html: inout HTML) {
        html.raw("<article class=\"hit\"><h3>")
        html.element("a", [("href", Self.link(hit, context))], text: context.title(key: hit.key, title: hit.title))
        if let section = hit.section {
            html.raw(" ")
            html.element(
                "span", [("class", "section")], text: "§" + [section.number, section.title].compactMap { $0 }.joined(separator: " "))
        }
        html.raw("</h3><p class=\"snippet\">")
        Self.writeSnippet(hit.snippet, into: &html)
        html.raw("</p>")
        html.element("code", [("class", "command")], text: hit.open)
        html.raw("</article>\n")
    }

    /// The page of a hit, at its section (`#section-3.2`) or its post (`#post-<id>`).
    static func link(_ hit: FindHit, _ context: PageContext) -> String {
        let page = context.path(ofKey: hit.key)
        guard let section = hit.section else { return page }
        // The command has no --section for a post: the passage is one post of a timeline.
        if !hit.open.contains(" --section "), let id = section.number { return page + "#post-" + id }
        return page + "#" + DocumentBody.anchor(number: section.number, title: section.title)
    }

    /// The snippet with its matched words in `<mark>`: offsets are Unicode scalars. The text
    /// carries its own "…" where it cuts the passage, as `reader find` prints it.
    static func writeSnippet(_ snippet: Snippet, into html: inout HTML) {
        guard !snippet.text.isEmpty else { return }
        let scalars = Array(snippet.text.unicodeScalars)
        var position = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        for match in snippet.matches where match.count == 2 {
            let start = min(max(match[0], position), scalars.count)
            let end = min(max(match[1], start), scalars.count)
            html.text(text(position..<start))
            html.element("mark", text: text(start..<end))
            position = end
        }
        html.text(text(position..<scalars.count))
    }
}
