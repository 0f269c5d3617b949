import ReaderPluginAPI

/// Atom (RFC 4287), RSS 2.0 (and RSS 1.0's RDF) and OPML, read from ``XMLScanner``'s events as
/// they come: an entry is collected while its element is open and kept when it closes.
struct XMLFeedReader {
    private let module: String
    private var feed: Feed?
    /// Open elements' local names, the root first.
    private var path: [String] = []
    /// Where the entry being read opened in `path`, while one is.
    private var entryDepth: Int?
    private var entry = FeedEntry()
    /// The text of the element being collected (a child of the feed or of the entry, with its
    /// descendants' text: Atom's XHTML content).
    private var text = ""
    /// An Atom `<author>`'s `<name>`, read apart from its e-mail address and URI.
    private var authorName: String?
    /// Each outline's title, for OPML's nested folders.
    private var outlineDepth = 0
    /// An RSS `<guid>` is the item's page unless it says `isPermaLink="false"`.
    private var guidIsPermaLink = true

    init(module: String) { self.module = module }

    static func read(_ bytes: [UInt8], module: String) throws -> Feed {
        var reader = XMLFeedReader(module: module)
        var scanner = XMLScanner(bytes, module: module)
        try scanner.scan { try reader.handle($0) }
        guard let feed = reader.feed else { throw ParseError(module: module, reason: "no feed in the input") }
        return feed
    }

    private mutating func handle(_ event: XMLScanner.Event) throws {
        switch event {
        case .start(let name, let attributes):
            if path.isEmpty {
                switch name {
                case "feed": feed = Feed(format: .atom)
                case "rss", "rdf": feed = Feed(format: .rss)
                case "opml": feed = Feed(format: .opml)
                default:
                    throw ParseError(
                        module: module, location: "line 1",
                        reason: "not a feed: the document is <\(name)>, not Atom <feed>, RSS <rss> or OPML <opml>")
                }
            }
            path.append(name)
            start(name, attributes)
        case .end(let name):
            end(name)
            path.removeLast()
        case .text(let piece):
            // Only what may be kept: an entry's or the feed's own fields, never the rest.
            if path.count >= 2, text.utf8.count < 1 << 20 { text += piece }
        }
    }

    private mutating func start(_ name: String, _ attributes: [String: String]) {
        guard let format = feed?.format else { return }
        if format == .opml {
            if name == "outline" { outline(attributes) }
            if name == "title", path.count == 3, path[1] == "head" { text = "" }
            return
        }
        if entryDepth == nil, name == "entry" || name == "item" {
            entryDepth = path.count - 1
            entry = FeedEntry()
            return
        }
        if let depth = entryDepth {
            if path.count == depth + 2 {
                text = ""
                authorName = nil
                if name == "guid" { guidIsPermaLink = attributes["ispermalink"]?.lowercased() != "false" }
                // Atom: the entry's page is the `alternate` link (or one without `rel`).
                if name == "link", let href = attributes["href"], entry.link == nil || attributes["rel"] == "alternate" {
                    let rel = attributes["rel"] ?? "alternate"
                    if rel == "alternate" { entry.link = href }
                }
            } else if path.count == depth + 3, path[depth + 1] == "author" || path[depth + 1] == "creator", name == "name" {
                authorName = ""
                text = ""
            }
            return
        }
        // The feed's own fields: children of <feed>, of RSS's <channel>.
        if isFeedField {
            text = ""
            if name == "link", let href = attributes["href"], (attributes["rel"] ?? "alternate") == "alternate" {
                if feed?.link == nil { feed?.link = href }
            }
        }
    }

    /// A child of `<feed>` or of `<rss><channel>` (RSS 1.0: of `<rdf:RDF><channel>`).
    private var isFeedField: Bool {
        guard let format = feed?.format else { return false }
        return format == .atom ? path.count == 2 : path.count == 3 && path[1] == "channel"
    }

    private mutating func end(_ name: String) {
        guard let format = feed?.format else { return }
        if format == .opml {
            if name == "title", path.count == 3, path[1] == "head" { feed?.title = Self.clean(text) }
            if name == "outline" { outlineDepth -= 1 }
            return
        }
        if let depth = entryDepth {
            if path.count == depth + 1 {
                finishEntry()
            } else if path.count == depth + 2 {
                entryField(name, format: format)
            } else if path.count == depth + 3, name == "name", authorName != nil {
                authorName = Self.clean(text)
            }
            return
        }
        guard isFeedField else { return }
        let value = Self.clean(text)
        switch name {
        case "title": if feed?.title.isEmpty ?? false { feed?.title = FeedText.plain(value) }
        case "link": if feed?.link == nil, !value.isEmpty { feed?.link = value }
        case "updated", "lastbuilddate", "pubdate", "date": if feed?.updated == nil, !value.isEmpty { feed?.updated = FeedDates.iso(value) }
        default: break
        }
    }

    private mutating func entryField(_ name: String, format: Feed.Format) {
        let value = Self.clean(text)
        switch name {
        case "title": entry.title = FeedText.plain(value)
        // RSS: the text is the page, and wins over a permalink guid read before it.
        case "link": if format != .atom, !value.isEmpty { entry.link = value }
        case "id", "guid":
            if !value.isEmpty { entry.id = value }
            if name == "guid", guidIsPermaLink, entry.link == nil, value.hasPrefix("http://") || value.hasPrefix("https://") {
                entry.link = value
            }
        case "published", "pubdate", "issued": if !value.isEmpty { entry.date = FeedDates.iso(value) }
        case "updated", "date", "modified": if entry.date == nil, !value.isEmpty { entry.date = FeedDates.iso(value) }
        case "author", "creator":
            let who = authorName ?? value
            if !who.isEmpty { entry.authors.append(who) }
        case "summary", "description": if !value.isEmpty { entry.summary = FeedText.plain(value) }
        case "content", "encoded": if !value.isEmpty { entry.content = FeedText.plain(value) }
        default: break
        }
        text = ""
    }

    private mutating func finishEntry() {
        feed?.entries.append(entry)
        entry = FeedEntry()
        entryDepth = nil
        text = ""
    }

    /// An OPML outline: a feed when it has `xmlUrl`; an included list (`type="include"`) by its
    /// `url`, kept as an entry so whoever follows it can refuse it; a folder otherwise.
    private mutating func outline(_ attributes: [String: String]) {
        outlineDepth += 1
        let title = attributes["title"] ?? attributes["text"] ?? ""
        if let address = attributes["xmlurl"], !address.isEmpty {
            feed?.entries.append(FeedEntry(title: Self.clean(title), link: address, summary: attributes["htmlurl"]))
        } else if attributes["type"]?.lowercased() == "include", let address = attributes["url"], !address.isEmpty {
            feed?.entries.append(FeedEntry(title: Self.clean(title), link: address, summary: "an included outline list"))
        }
    }

    /// White space collapsed at the ends.
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
