import ReaderPluginAPI

/// A feed, whichever its format.
struct Feed {
    enum Format: String { case atom, rss }

    struct Item {
        var title: String
        var link: String?
        var id: String?
        var date: String?
        var authors: [String]
        var summary: String?
    }

    var format: Format
    var title: String
    var link: String?
    var updated: String?
    var items: [Item]
}

/// Atom (RFC 4287) and RSS 2.0, read from the tree.
enum FeedReader {
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    static func read(_ root: Node, module: String) throws -> Feed {
        switch root.name {
        case "feed" where root.namespace == atomNamespace || (root.namespace ?? "").isEmpty:
            return atom(root)
        case "rss":
            guard let channel = root.child("channel") else {
                throw ParseError(module: module, location: "<rss>", reason: "an RSS feed without a <channel>")
            }
            return rss(channel)
        default:
            throw ParseError(module: module, reason: "not an Atom or RSS 2.0 feed: its root element is <\(root.name)>")
        }
    }

    private static func atom(_ feed: Node) -> Feed {
        let items = feed.children("entry").map { entry in
            Feed.Item(
                title: FeedText.plain(entry.value("title") ?? ""), link: alternateLink(entry), id: entry.value("id"),
                date: entry.value("published") ?? entry.value("updated"),
                authors: entry.children("author").compactMap { $0.value("name") },
                summary: (entry.value("summary") ?? entry.value("content")).map(FeedText.plain))
        }
        return Feed(
            format: .atom, title: FeedText.plain(feed.value("title") ?? ""), link: alternateLink(feed),
            updated: feed.value("updated"), items: items)
    }

    /// `<link rel="alternate" href>`, the page the entry stands for; rel defaults to alternate.
    private static func alternateLink(_ node: Node) -> String? {
        let links = node.children("link")
        let alternate = links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? links.first
        return alternate?.attributes["href"]
    }

    private static func rss(_ channel: Node) -> Feed {
        let items = channel.children("item").map { item in
            let guid = item.child("guid")
            let permalink = guid.flatMap { $0.attributes["isPermaLink"] != "false" ? item.value("guid") : nil }
            return Feed.Item(
                title: FeedText.plain(item.value("title") ?? ""), link: item.value("link") ?? permalink,
                id: item.value("guid"), date: item.value("pubDate").map(FeedDates.iso),
                authors: [item.value("creator") ?? item.value("author")].compactMap { $0 },
                summary: item.value("description").map(FeedText.plain))
        }
        return Feed(
            format: .rss, title: FeedText.plain(channel.value("title") ?? ""), link: channel.value("link"),
            updated: (channel.value("lastBuildDate") ?? channel.value("pubDate")).map(FeedDates.iso), items: items)
    }
}
