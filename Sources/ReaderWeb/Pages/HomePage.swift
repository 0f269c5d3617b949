import ReaderKit

/// `/`: what was read last (opened with `reader open` or here, from the store's
/// ``ReadsJournal``), what was fetched last, and how much of each source the store holds.
enum HomePage {
    /// A document opened, as the home page lists it.
    struct Read: Encodable {
        var key: String
        var source: String
        var title: String?
        var openedAt: String
    }

    static func answer(_ context: PageContext, format: Answer.Format) throws -> Answer {
        let (recent, counts, total) = (context.snapshot.recent, context.snapshot.counts, context.snapshot.total)
        let read = reads(context)
        switch format {
        case .json:
            struct Home: Encodable {
                var documents: Int
                var counts: [String: Int]
                var recent: [Store.Listed]
                var read: [Read]
            }
            return .json(try JSONRenderer.line(Home(documents: total, counts: counts, recent: recent, read: read)))
        case .html:
            return .html(
                context.layout("").page { html in write(read: read, fetched: recent, counts: counts, total: total, context, into: &html) })
        }
    }

    /// The documents opened last that the store still holds, newest first.
    static func reads(_ context: PageContext) -> [Read] {
        let reader = context.reader
        let opens = (try? reader.recentReads(limit: StoreSnapshot.recentCount * 2)) ?? []
        let held = opens.compactMap { open -> (open: ReadsJournal.Open, entry: CatalogEntry)? in
            guard let entry = (try? reader.entry(open.key)) ?? nil else { return nil }
            return (open, entry)
        }.prefix(StoreSnapshot.recentCount)
        // An RFC's title is the stored index's where it has one (`ShownTitle`), read in one pass.
        let titles = reader.shownTitles(of: held.map { ($0.open.key, $0.entry) })
        return held.map { open, entry in
            Read(key: open.key, source: entry.requestType, title: titles[open.key] ?? entry.title, openedAt: open.openedAt)
        }
    }

    private static func write(
        read: [Read], fetched: [Store.Listed], counts: [String: Int], total: Int, _ context: PageContext, into html: inout HTML
    ) {
        html.raw("<h1>Everything read</h1>\n")
        if total == 0 {
            html.raw("<p>The store is empty. Read something with <code>reader open 9110</code>, ")
            html.raw("<code>reader fetch rfc-index</code> or <code>reader open https://…</code>, then come back.</p>\n")
            return
        }
        html.raw("<ul class=\"counts\">")
        for (source, count) in counts.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            html.raw("<li>")
            html.element("strong", text: String(count))
            html.raw(" ")
            html.text(SourceNames.plural(source, count: count))
            html.raw("</li>")
        }
        html.raw("</ul>\n<h2>Recently read</h2>\n")
        if read.isEmpty {
            html.raw("<p class=\"meta\">Nothing opened yet: what you open with <code>reader open</code> or here is listed.</p>\n")
        } else {
            html.raw("<ol class=\"documents read\">")
            for document in read {
                html.raw("<li>")
                html.element(
                    "a", [("href", PageContext.path(ofKey: document.key))],
                    text: DocumentTitles.title(key: document.key, source: document.source, title: document.title))
                html.raw(" ")
                html.element(
                    "span", [("class", "meta")], text: "\(SourceNames.singular(document.source)) · opened \(document.openedAt.prefix(10))")
                html.raw("</li>")
            }
            html.raw("</ol>\n")
        }
        html.raw("<h2>Recently fetched</h2>\n<ol class=\"documents fetched\">")
        for document in fetched {
            html.raw("<li>")
            html.element("a", [("href", PageContext.path(ofKey: document.key))], text: DocumentTitles.title(of: document))
            html.raw(" ")
            html.element("span", [("class", "meta")], text: "\(SourceNames.singular(document.source)) · \(document.fetchedAt.prefix(10))")
            html.raw("</li>")
        }
        html.raw("</ol>\n")
    }
}

/// How sources are called on the pages.
enum SourceNames {
    static func singular(_ source: String) -> String {
        switch source {
        case "rfc": "RFC"
        case "rfc-index": "RFC index"
        case "html": "web page"
        case "tweets": "posts"
        default: source
        }
    }

    static func plural(_ source: String, count: Int) -> String {
        guard count != 1 else { return singular(source) }
        switch source {
        case "rfc": return "RFCs"
        case "rfc-index": return "RFC indexes"
        case "html": return "web pages"
        case "tweets": return "timelines"
        default: return source
        }
    }
}

/// The title a listed document is shown with: its own, else its key.
enum DocumentTitles {
    static func title(of document: Store.Listed) -> String {
        title(key: document.key, source: document.source, title: document.title)
    }

    static func title(key: String, source: String, title: String?) -> String {
        let title = title ?? ""
        if source == "rfc", let number = Int(key.dropFirst(4)) {
            return title.isEmpty ? "RFC \(number)" : "RFC \(number): \(title)"
        }
        return title.isEmpty ? key : title
    }
}
