import Foundation
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

    /// `filter`: `/?tag=T`, `/?unread=1`, `/?starred=1` — the stored documents so tagged and
    /// marked, listed first (`kept` in JSON).
    static func answer(_ context: PageContext, format: Answer.Format, filter: AnnotationFilter = AnnotationFilter()) throws -> Answer {
        let (recent, counts, total) = (context.snapshot.recent, context.snapshot.counts, context.snapshot.total)
        let read = reads(context)
        let kept = KeptList(context, filter: filter)
        switch format {
        case .json:
            struct Home: Encodable {
                var documents: Int
                var counts: [String: Int]
                var recent: [Store.Listed]
                var read: [Read]
                var kept: [Store.Listed]?
                var tags: [String: Int]
            }
            return .json(
                try JSONRenderer.line(
                    Home(
                        documents: total, counts: counts, recent: recent, read: read, kept: filter.isEmpty ? nil : kept.documents,
                        tags: kept.tags)))
        case .html:
            return .html(
                context.layout("").page { html in
                    kept.write(into: &html)
                    write(read: read, fetched: recent, counts: counts, total: total, context, into: &html)
                })
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
        // A listed document's title is its listing's where its titles win (`ShownTitle`), read in one pass.
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
            html.raw("<p>The store is empty. Read something with ")
            for listing in context.names.listings.prefix(1) {
                html.element("code", text: "reader fetch " + listing.requestType)
                html.raw(", ")
            }
            html.raw("<code>reader open https://…</code> or <code>reader open FILE</code>, then come back.</p>\n")
            return
        }
        html.raw("<ul class=\"counts\">")
        for (source, count) in counts.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            html.raw("<li>")
            html.element("strong", text: String(count))
            html.raw(" ")
            html.text(SourceNames(context.names).plural(source, count: count))
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
                    "a", [("href", context.path(ofKey: document.key))],
                    text: context.title(key: document.key, title: document.title))
                html.raw(" ")
                html.element(
                    "span", [("class", "meta")],
                    text: "\(SourceNames(context.names).singular(document.source)) · opened \(document.openedAt.prefix(10))")
                html.raw("</li>")
            }
            html.raw("</ol>\n")
        }
        html.raw("<h2>Recently fetched</h2>\n<ol class=\"documents fetched\">")
        for document in fetched {
            html.raw("<li>")
            html.element("a", [("href", context.path(ofKey: document.key))], text: context.title(key: document.key, title: document.title))
            html.raw(" ")
            html.element(
                "span", [("class", "meta")],
                text: "\(SourceNames(context.names).singular(document.source)) · \(document.fetchedAt.prefix(10))")
            html.raw("</li>")
        }
        html.raw("</ol>\n")
    }
}

/// How sources are called on the pages: a source with identifiers by the words of its label
/// (`RFC {number}` → `RFC`, `RFCs`); the built-in sources without any by their own names.
struct SourceNames {
    let names: KeyNames

    init(_ names: KeyNames) { self.names = names }

    private static let known: [String: (singular: String, plural: String)] = [
        "html": ("web page", "web pages"), "tweets": ("posts", "timelines"),
    ]

    /// A listing's document by the listing's name (`RFC index`, `RFC indexes`).
    private func listingName(_ source: String) -> (singular: String, plural: String)? {
        guard let name = names.listings.first(where: { $0.requestType == source })?.name else { return nil }
        return (name, name + (name.hasSuffix("x") || name.hasSuffix("s") ? "es" : "s"))
    }

    private func noun(_ source: String) -> String? {
        guard let form = names.forms.first(where: { $0.identifier.requestType == source }) else { return nil }
        let words = (form.label.prefix + form.label.suffix).trimmingCharacters(in: .whitespaces)
        return words.isEmpty ? nil : words
    }

    func singular(_ source: String) -> String {
        noun(source) ?? listingName(source)?.singular ?? Self.known[source]?.singular ?? source
    }

    func plural(_ source: String, count: Int) -> String {
        guard count != 1 else { return singular(source) }
        if let noun = noun(source) { return noun + "s" }
        return listingName(source)?.plural ?? Self.known[source]?.plural ?? source
    }
}
