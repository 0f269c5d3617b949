import ReaderKit

/// `/`: what was read last, and how much of each source the store holds.
enum HomePage {
    static func answer(_ context: PageContext, format: Answer.Format) throws -> Answer {
        let (recent, counts, total) = (context.snapshot.recent, context.snapshot.counts, context.snapshot.total)
        switch format {
        case .json:
            struct Home: Encodable {
                var documents: Int
                var counts: [String: Int]
                var recent: [Store.Listed]
            }
            return .json(try JSONRenderer.line(Home(documents: total, counts: counts, recent: recent)))
        case .html:
            return .html(
                context.layout("").page { html in write(recent: recent, counts: counts, total: total, context, into: &html) })
        }
    }

    private static func write(recent: [Store.Listed], counts: [String: Int], total: Int, _ context: PageContext, into html: inout HTML) {
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
        html.raw("</ul>\n<h2>Recently read</h2>\n<ol class=\"documents\">")
        for document in recent {
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
        let title = document.title ?? ""
        if document.source == "rfc", let number = Int(document.key.dropFirst(4)) {
            return title.isEmpty ? "RFC \(number)" : "RFC \(number): \(title)"
        }
        return title.isEmpty ? document.key : title
    }
}
