import ReaderPluginAPI

/// The document of a feed: one heading per entry, its date, link and summary under it;
/// the entries again as index entries (`reader open … --format json` lists them as `items`).
enum FeedDocument {
    static func make(_ feed: Feed, input: ParseInput) -> Document {
        var blocks: [Block] = []
        var links: [Link] = []
        var entries: [Entry] = []
        var items: [JSONValue] = []
        var relations: [Relation] = []
        for (index, item) in feed.items.enumerated() {
            let title = item.title.isEmpty ? "(untitled)" : item.title
            // Each entry is a section, numbered as the feed lists them: `reader find` names the
            // entry a hit is in, the site anchors it (`#section-2`), `--section 2` shows it.
            let section = String(index + 1)
            blocks.append(.heading(level: 2, number: section, title: title))
            if let link = item.link { relations.append(Relation(ReleasesModule.publishes, target: link, section: section)) }
            if let date = item.date { blocks.append(.text(date)) }
            // The address as text, on its own line, ready to copy to `reader open`.
            if let link = item.link {
                blocks.append(.text(link))
                links.append(Link(text: title, url: link))
            }
            if let summary = item.summary, !summary.isEmpty { blocks.append(.text(summary)) }
            let fields: [String: JSONValue] = [
                "title": .string(title), "link": JSONValue(item.link), "id": JSONValue(item.id), "date": JSONValue(item.date),
                "authors": JSONValue(item.authors), "summary": JSONValue(item.summary),
            ]
            entries.append(Entry(id: String(index + 1), title: title, authors: item.authors, date: item.date, fields: fields))
            items.append(.object(fields))
        }
        return Document(
            source: input.requestType, key: input.key, title: feed.title,
            metadata: Metadata(date: feed.updated, url: input.url ?? feed.link),
            blocks: blocks, links: links, entries: entries,
            extra: ["format": .string(feed.format.rawValue), "site": JSONValue(feed.link), "items": .array(items)],
            label: feed.link.flatMap(Self.host).map { "\($0) (releases)" }, status: status(feed), relations: relations)
    }

    /// `example.org`, from the site's address.
    private static func host(_ url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// "Atom feed · 3 entries · updated 2025-06-30".
    private static func status(_ feed: Feed) -> String {
        let kind = feed.format == .atom ? "Atom feed" : "RSS feed"
        let count = feed.items.count == 1 ? "1 entry" : "\(feed.items.count) entries"
        return [kind, count, feed.updated.map { "updated \($0.prefix(10))" }].compactMap { $0 }.joined(separator: " · ")
    }
}
