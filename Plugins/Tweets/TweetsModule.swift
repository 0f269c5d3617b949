import ReaderPluginAPI

/// Twitter/X JSON: API v1.1 and v2 responses, twarc JSONL, data archives.
public struct TweetsModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "tweets",
        requestTypes: ["tweets"],
        version: "0",
        summary: "Twitter/X JSON: API v1.1 and v2 responses, twarc JSONL, data archives."
    )

    public func parse(_ input: ParseInput) throws -> Document {
        throw ParseError(module: descriptor.name, reason: "not implemented yet")
    }
}
