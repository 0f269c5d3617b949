/// A feed as the three formats have it in common, read before it becomes a document.
struct Feed {
    enum Format: String {
        case atom, rss, json
        /// An OPML outline list: the feeds a person follows, each an entry with its feed's address.
        case opml
    }

    var format: Format
    var title = ""
    /// The site the feed is of.
    var link: String?
    var updated: String?
    var entries: [FeedEntry] = []
}

/// One entry (Atom), item (RSS and JSON Feed) or outline (OPML).
struct FeedEntry {
    /// The entry's own identifier (Atom `id`, RSS `guid`, JSON Feed `id`), when it has one.
    var id: String?
    var title = ""
    /// Its page: what `--follow` fetches. For an outline, the feed's address.
    var link: String?
    var date: String?
    var authors: [String] = []
    var summary: String?
    /// The whole text, when the feed carries it (Atom `content`, RSS `content:encoded`).
    var content: String?
}
