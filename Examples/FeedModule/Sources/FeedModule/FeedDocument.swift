import ReaderPluginAPI

/// The document of a feed: one heading per entry, its date, link and summary under it;
/// the entries again as index entries (`reader open … --format json` lists them as `items`).
enum FeedDocument {
    static func make(_ feed: Feed, input: ParseInput) -> Document {
        var blocks: [Block] = []
        var links: [Link] = []
        var entries: [Entry] = []
        var items: [JSONValue] = []
        for (index, item) in feed.items.enumerated() {
            let title = item.title.isEmpty ? "(untitled)" : item.title
            blocks.append(.heading(level: 2, number: nil, title: title))
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
            extra: ["format": .string(feed.format.rawValue), "site": JSONValue(feed.link), "items": .array(items)])
    }
}
