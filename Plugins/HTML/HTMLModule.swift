import ReaderPluginAPI

/// Any web page: its main text, title, byline and links.
public struct HTMLModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "html",
        requestTypes: ["html"],
        version: "0",
        summary: "Any web page: its main text, title, byline and links."
    )

    public func parse(_ input: ParseInput) throws -> Document {
        throw ParseError(module: descriptor.name, reason: "not implemented yet")
    }
}
