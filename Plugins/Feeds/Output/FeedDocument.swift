import ReaderPluginAPI

/// The document of a feed: one section per entry (its title a heading, then its date, author,
/// link, summary and text), the entries again as index entries (`reader list`-like JSON, and how
/// a refresh counts what is new), and a `links` relation from each entry's section to its page.
enum FeedDocument {
    static func make(_ feed: Feed, input: ParseInput) -> Document {
        var blocks: [Block] = []
        var links: [Link] = []
        var entries: [Entry] = []
        var relations: [Relation] = []
        var ids = Set<String>()
        // Sized once: a block is as large as its largest case (a post), and a hundred thousand
        // entries' arrays grown by doubling would hold twice what they need at the last step.
        blocks.reserveCapacity(feed.entries.count * 3)
        entries.reserveCapacity(feed.entries.count)
        relations.reserveCapacity(feed.entries.count)
        links.reserveCapacity(feed.entries.count)
        for (index, item) in feed.entries.enumerated() {
            let title = item.title.isEmpty ? "(untitled)" : item.title
            // Each entry is a section, numbered as the feed lists them: `reader find` names the
            // entry a hit is in, the site anchors it (`#section-2`), `--section 2` shows it.
            let section = String(index + 1)
            blocks.append(.heading(level: 2, number: section, title: title))
            let byline = [item.date, item.authors.isEmpty ? nil : item.authors.joined(separator: ", ")].compactMap { $0 }
            let address = item.link.map { byline.isEmpty ? $0 : " · " + $0 } ?? ""
            if !byline.isEmpty || !address.isEmpty { blocks.append(.text(byline.joined(separator: " · ") + address)) }
            // The address in the byline's paragraph, ready to copy to `reader open`: a block
            // less per entry (a feed may have a hundred thousand).
            if let link = item.link {
                links.append(Link(text: title, url: link))
                relations.append(Relation(.links, target: link, section: section))
            }
            if let summary = item.summary, !summary.isEmpty, summary != item.content { blocks.append(.text(summary)) }
            if let content = item.content, !content.isEmpty { blocks.append(.text(content)) }
            // The entry's own identifier, so a refresh knows an entry it has seen wherever it
            // now stands in the feed; else its page, else its place.
            var id = item.id ?? item.link ?? "\(title) \(item.date ?? section)"
            if !ids.insert(id).inserted {
                id += " #\(section)"
                ids.insert(id)
            }
            // The entry's page beside its title; its text is in its section, not again here.
            var fields: [String: JSONValue] = ["title": .string(title)]
            if let link = item.link { fields["link"] = .string(link) }
            entries.append(Entry(id: id, title: title, authors: item.authors, date: item.date, fields: fields))
        }
        return Document(
            source: input.requestType, key: input.key, title: feed.title.isEmpty ? (feed.link ?? input.key) : feed.title,
            metadata: Metadata(date: feed.updated, siteName: feed.link.flatMap(host), url: input.url ?? feed.link),
            blocks: blocks, links: links, entries: entries,
            extra: ["format": .string(feed.format.rawValue), "site": JSONValue(feed.link)],
            label: feed.link.flatMap(host).map { "\($0) (\(feed.format == .opml ? "feeds" : "feed"))" }, status: status(feed),
            relations: relations)
    }

    /// `example.org`, from the site's address.
    private static func host(_ url: String) -> String? {
        let utf8 = Array(url.utf8)
        let separator = Array("://".utf8)
        guard let start = (0..<max(0, utf8.count - 2)).first(where: { utf8[$0..<($0 + 3)].elementsEqual(separator) }) else {
            return nil
        }
        let host = utf8[(start + 3)...].prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        return host.isEmpty ? nil : String(decoding: host, as: UTF8.self)
    }

    /// "Atom feed · 3 entries · updated 2025-06-30".
    private static func status(_ feed: Feed) -> String {
        let kind =
            switch feed.format {
            case .atom: "Atom feed"
            case .rss: "RSS feed"
            case .json: "JSON Feed"
            case .opml: "OPML outline list"
            }
        let noun = feed.format == .opml ? "feed" : "entry"
        let count = feed.entries.count == 1 ? "1 \(noun)" : "\(feed.entries.count) \(feed.format == .opml ? "feeds" : "entries")"
        return [kind, count, feed.updated.map { "updated \($0.prefix(10))" }].compactMap { $0 }.joined(separator: " · ")
    }
}
