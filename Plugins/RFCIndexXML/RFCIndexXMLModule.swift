import ReaderPluginAPI

/// The RFC Editor's index in XML (`rfc-index.xml`, beside `rfc-index.txt`), read for what the
/// text index does not say: the Internet-Draft each RFC came from (``XMLIndex``). A module of
/// its own in the RFC index's folder: a module locates by argument alone, and this document
/// has its own address (`reader fetch rfc-index-xml`).
public struct RFCIndexXMLModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "rfc-index-xml",
        requestTypes: [XMLIndex.requestType],
        urlPatterns: ["*/rfc-index.xml"],
        mediaTypes: ["application/xml", "text/xml"],
        fileExtensions: [],
        version: "1",
        summary: "The RFC Editor's index in XML: the Internet-Draft each RFC came from (a banner both ways).",
        // Its relations (draft-…-08 became RFC 8288) make banners on documents it is not:
        // a kept view is rendered again when it is stored or changes.
        relationDocuments: [XMLIndex.requestType]
    )

    public func parse(_ input: ParseInput) throws -> Document {
        try XMLIndex.parse(input.bytes, module: descriptor.name)
    }

    public func recognize(_ sample: Sample) -> Int {
        if sample.fileName?.lowercased() == "rfc-index.xml" { return 95 }
        return XMLIndexScanner(bytes: Array(sample.prefix.prefix(4096))).opensAsIndex ? 90 : 0
    }

    /// `rfc-index-xml` lives at `$READER_RFC_EDITOR_URL/rfc-index.xml`; the argument is not
    /// used. It changes as RFCs are published: a stored copy is revalidated, as the text is.
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        var base = settings["READER_RFC_EDITOR_URL"] ?? "https://www.rfc-editor.org"
        while base.hasSuffix("/") { base.removeLast() }
        return Location(key: XMLIndex.requestType, urls: [base + "/rfc-index.xml"])
    }
}
