import ReaderPluginAPI

/// The module's name, in its descriptor and its errors.
let moduleName = "tweets"

/// Twitter/X JSON: API v1.1 and v2 responses, twarc JSONL, data archives.
public struct TweetsModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: moduleName,
        requestTypes: ["tweets"],
        urlPatterns: ["*/2/tweets/search/recent*", "*/2/tweets*"],
        mediaTypes: ["application/json"],
        fileExtensions: ["json", "jsonl", "js"],
        version: "2",
        summary: "Twitter/X JSON: API v1.1 and v2 responses, twarc JSONL, data archives.",
        // `@jack`: the user's recent tweets, stored under the key ``Locator`` gives them.
        identifiers: [
            Identifier(pattern: "@{name}", requestType: "tweets", argument: "user:{name}", key: "tweets/user:{name}", label: "@{name}")
        ]
    )

    public func parse(_ input: ParseInput) throws -> Document {
        let values = try TweetsInput.values(input.bytes)
        var reader = TimelineReader()
        for value in values {
            try reader.read(value.json, location: values.count > 1 ? "line \(value.line)" : nil)
        }
        if reader.posts.isEmpty, !reader.apiErrors.isEmpty {
            throw ParseError(module: moduleName, reason: reader.apiErrors.joined(separator: "; "))
        }
        var document = TimelineDocument.document(reader.posts, notes: reader.notes + reader.apiErrors, input: input)
        document.relations = TweetReferences.relations(reader.posts, reader.references)
        return document
    }

    public func recognize(_ sample: Sample) -> Int {
        Recognizer.confidence(sample)
    }

    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        try Locator.locate(argument, settings: settings)
    }
}
