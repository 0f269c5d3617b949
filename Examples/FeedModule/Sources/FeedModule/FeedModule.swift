import ReaderPluginAPI

/// Atom and RSS 2.0 feeds: the feed's title, and per entry its title, date and link, so that
/// `reader open` of a link reads the article itself (with the HTML module).
public struct FeedModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "feed",
        requestTypes: ["feed"],
        urlPatterns: ["*.xml", "*/feed", "*/feed/", "*.rss", "*.atom"],
        mediaTypes: ["application/atom+xml", "application/rss+xml"],
        fileExtensions: ["rss", "atom"],
        version: "1",
        summary: "Atom and RSS 2.0 feeds: title, date and link of every entry."
    )

    /// Sure when the first element is `<rss>` or `<feed>`; fairly sure from the media type or
    /// the file extension alone.
    public func recognize(_ sample: Sample) -> Int {
        switch FeedXML.rootName(sample.firstSignificantBytes) {
        case "rss"?, "feed"?: return 95
        case .some: return 0
        case nil: break
        }
        if let mediaType = sample.mediaType, descriptor.mediaTypes.contains(mediaType) { return 60 }
        if let ext = sample.fileExtension, descriptor.fileExtensions.contains(ext) { return 50 }
        return 0
    }

    /// `reader fetch feed URL`: the feed is its own URL.
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        let lower = argument.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") else {
            throw RequestError("feed takes the feed's address: reader fetch feed https://example.org/feed.xml")
        }
        return Location(key: argument, urls: [argument])
    }

    public func parse(_ input: ParseInput) throws -> Document {
        let root = try FeedXML.parse(input.bytes, module: descriptor.name)
        let feed = try FeedReader.read(root, module: descriptor.name)
        return FeedDocument.make(feed, input: input)
    }
}
