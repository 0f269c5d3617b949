import ReaderPluginAPI

/// Feeds: Atom (RFC 4287), RSS 2.0 (and 1.0) and JSON Feed 1.1, each entry a section of the
/// feed's document with a `links` relation to its page; and OPML outline lists, each feed an
/// entry, which `reader import opml` subscribes to.
///
/// It is reached by no URL pattern: any http(s) URL goes first to the HTML module's catch-all,
/// and the engine hands the answer here when its media type and first bytes say feed
/// (``recognize(_:)``), as it does for every module.
public struct FeedsModule: ParserModule {
    public init() {}

    public let descriptor: ModuleDescriptor = {
        var descriptor = ModuleDescriptor(
            name: "feed",
            requestTypes: ["feed"],
            mediaTypes: [
                "application/atom+xml", "application/rss+xml", "application/feed+json", "text/x-opml", "application/x-opml",
            ],
            fileExtensions: ["rss", "atom", "opml"],
            version: "1",
            summary: "Atom, RSS and JSON Feed: every entry's title, date, author, link and text; OPML lists of feeds."
        )
        // `--follow` fetches the entries' pages; `reader fetch feeds` refreshes every stored feed.
        descriptor.follows = [RelationKind.links.name]
        descriptor.refreshWord = "feeds"
        return descriptor
    }()

    /// Sure when the first element is `<feed>`, `<rss>`, `<rdf:RDF>` or `<opml>`, or a JSON
    /// object names a JSON Feed version; fairly sure from the media type or extension alone,
    /// unless the bytes are another kind of markup or JSON (an HTML page served as a feed).
    public func recognize(_ sample: Sample) -> Int {
        let bytes = sample.firstSignificantBytes
        if let root = XMLScanner.rootName(bytes) {
            return ["feed", "rss", "rdf", "opml"].contains(root) ? 95 : 0
        }
        if bytes.first == UInt8(ascii: "{") {
            return Self.namesJSONFeed(bytes) ? 95 : 0
        }
        if let mediaType = sample.mediaType, descriptor.mediaTypes.contains(mediaType) { return 60 }
        if let ext = sample.fileExtension, descriptor.fileExtensions.contains(ext) { return 50 }
        return 0
    }

    public func parse(_ input: ParseInput) throws -> Document {
        var bytes = input.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            throw ParseError(module: descriptor.name, reason: "the feed is empty")
        }
        let feed =
            first == UInt8(ascii: "{")
            ? try JSONFeedReader.read(bytes, module: descriptor.name) : try XMLFeedReader.read(bytes, module: descriptor.name)
        return FeedDocument.make(feed, input: input)
    }

    /// `"version": "https://jsonfeed.org/version/1.1"` among the first bytes.
    static func namesJSONFeed(_ bytes: ArraySlice<UInt8>) -> Bool {
        let marker = Array("jsonfeed.org/version/".utf8)
        let window = bytes.prefix(4096)
        guard window.count >= marker.count else { return false }
        var index = window.startIndex
        while index + marker.count <= window.endIndex {
            if window[index] == marker[0], window[index..<(index + marker.count)].elementsEqual(marker) { return true }
            index += 1
        }
        return false
    }
}
