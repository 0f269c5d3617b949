import ReaderPluginAPI

/// A project's releases, read from the Atom or RSS feed its forge publishes (GitHub's
/// `releases.atom`, GitLab's and Codeberg's): each release's title, date and link, so that
/// `reader open` of a link reads the release notes (with the HTML module).
///
/// It is the worked example of a module outside reader. Feeds in general are reader's own
/// (`Plugins/Feeds`): this one is reached by its request type and shorthand, never by content
/// (``recognize(_:)`` says 0), so `reader fetch URL` of a feed comes here only when the user
/// prefers it (`READER_PLUGIN_OVERRIDE=releases`, for `…/releases.atom`).
public struct ReleasesModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "releases",
        requestTypes: ["releases"],
        // A forge's release feed (GitHub's `…/releases.atom`): the HTML module's catch-all and the
        // built-in feed module still read it unless READER_PLUGIN_OVERRIDE names this module.
        urlPatterns: ["*/releases.atom"],
        version: "3",
        summary: "A project's releases, from its forge's Atom or RSS feed: title, date and link of each.",
        // `reader open releases:gazette` reads the releases named `gazette` (READER_RELEASES_GAZETTE
        // is their feed's address), stored under `releases/gazette`; lists and links call it
        // "gazette (releases)".
        identifiers: [Identifier(pattern: "releases:{name}", requestType: "releases", key: "releases/{name}", label: "{name} (releases)")],
        // A release list publishes its releases' pages: `reader refs` of a page says where it was listed.
        relationKinds: [ReleasesModule.publishes]
    )

    /// A kind of this module's own, beside the standard ones (``RelationKind/standard``); listed
    /// at the end of the text view, each page with the command that opens it.
    static let publishes = RelationKind(
        name: "publishes", inverse: "publishedIn", label: "Publishes", inverseLabel: "Published in", listed: true)

    /// Never by content: any feed is the built-in feed module's; this module reads the feeds
    /// it is asked for by name.
    public func recognize(_ sample: Sample) -> Int { 0 }

    /// `reader fetch releases URL`: the feed is its own URL. `reader fetch releases NAME` (or the
    /// shorthand `releases:NAME`): the feed whose address the environment gives as
    /// `READER_RELEASES_<NAME>`, stored under `releases/NAME` whatever its address.
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
                "releases takes the feed's address (reader fetch releases https://example.org/releases.atom), "
                    + "or a name, a letter first, whose address is in READER_RELEASES_NAME")
        }
        let variable = "READER_RELEASES_" + argument.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        guard let url = settings[variable] else {
            // The key is known without the address: a stored copy still opens, and `refs` answers.
            return Location(
                key: "releases/\(argument)", urls: [],
                unavailable: "releases takes the feed's address (reader fetch releases https://example.org/releases.atom), "
                    + "or a name whose address is in \(variable)")
        }
        return Location(key: "releases/\(argument)", urls: [url])
    }

    public func parse(_ input: ParseInput) throws -> Document {
        let root = try FeedXML.parse(input.bytes, module: descriptor.name)
        let feed = try FeedReader.read(root, module: descriptor.name)
        return FeedDocument.make(feed, input: input)
    }
}
