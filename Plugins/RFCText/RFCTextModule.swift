import ReaderPluginAPI

/// RFCs in plain text, paged (1969-2019) or v3 (since 2019).
public struct RFCTextModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "rfc-text",
        requestTypes: ["rfc"],
        version: "0",
        summary: "RFCs in plain text, paged (1969-2019) or v3 (since 2019)."
    )

    public func parse(_ input: ParseInput) throws -> Document {
        throw ParseError(module: descriptor.name, reason: "not implemented yet")
    }
}
