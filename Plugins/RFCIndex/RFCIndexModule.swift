import ReaderPluginAPI

/// The RFC Editor's plain-text index of all RFCs.
public struct RFCIndexModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "rfc-index",
        requestTypes: ["rfc-index"],
        version: "0",
        summary: "The RFC Editor's plain-text index of all RFCs."
    )

    public func parse(_ input: ParseInput) throws -> Document {
        throw ParseError(module: descriptor.name, reason: "not implemented yet")
    }
}
