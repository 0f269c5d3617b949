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
        version: "2",
        summary: "Atom and RSS 2.0 feeds: title, date and link of every entry.",
        // `reader open feed:gazette` reads the feed named `gazette` (READER_FEED_GAZETTE is its
        // address), stored under `feed/gazette`; lists and links call it "gazette (feed)".
        identifiers: [Identifier(pattern: "feed:{name}", requestType: "feed", key: "feed/{name}", label: "{name} (feed)")],
        // A feed publishes its entries' pages: `reader refs` of a page says which feed it was in.
        relationKinds: [FeedModule.publishes]
    )

    /// A kind of this module's own, beside the standard ones (``RelationKind/standard``); listed
    /// at the end of the feed's text view, each page with the command that opens it.
    static let publishes = RelationKind(
        name: "publishes", inverse: "publishedIn", label: "Publishes", inverseLabel: "Published in", listed: true)

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

    /// `reader fetch feed URL`: the feed is its own URL. `reader fetch feed NAME` (or the
    /// shorthand `feed:NAME`): the feed whose address the environment gives as
    /// `READER_FEED_<NAME>`, stored under `feed/NAME` whatever its address.
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") {
            return Location(key: argument, urls: [argument])
        }
        // A name is a word of letters, digits, `-` and `_`, a letter first: `793` is no feed's.
        guard let first = argument.first, first.isLetter,
            argument.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw RequestError(
                "feed takes the feed's address (reader fetch feed https://example.org/feed.xml), "
                    + "or a name, a letter first, whose address is in READER_FEED_NAME")
        }
        let variable = "READER_FEED_" + argument.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        guard let url = settings[variable] else {
            // The key is known without the address: a stored copy still opens, and `refs` answers.
            return Location(
                key: "feed/\(argument)", urls: [],
                unavailable: "feed takes the feed's address (reader fetch feed https://example.org/feed.xml), "
                    + "or a name whose address is in \(variable)")
        }
        return Location(key: "feed/\(argument)", urls: [url])
    }

    public func parse(_ input: ParseInput) throws -> Document {
        let root = try FeedXML.parse(input.bytes, module: descriptor.name)
        let feed = try FeedReader.read(root, module: descriptor.name)
        return FeedDocument.make(feed, input: input)
    }
}
