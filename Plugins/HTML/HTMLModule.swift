import ReaderPluginAPI

/// Any web page: its main text, title, byline and links.
public struct HTMLModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "html",
        requestTypes: ["html"],
        urlPatterns: ["http://*", "https://*"],
        mediaTypes: ["text/html", "application/xhtml+xml"],
        fileExtensions: ["html", "htm", "xhtml"],
        // 4: a figure's caption is its picture's; a srcset's candidate for the column; data: pictures.
        version: "4",
        summary: "Any web page: its main text, title, byline and links."
    )

    public func recognize(_ sample: Sample) -> Int {
        if let score = Recognizer.score(sample.firstSignificantBytes) { return score }
        if let mediaType = sample.mediaType, descriptor.mediaTypes.contains(mediaType) { return 50 }
        if let ext = sample.fileExtension, descriptor.fileExtensions.contains(ext) { return 40 }
        return 0
    }

    public func parse(_ input: ParseInput) throws -> Document {
        guard !input.bytes.isEmpty else {
            throw ParseError(module: descriptor.name, reason: "the page is empty (0 bytes)")
        }
        let encoding = Charset.detect(input.bytes, header: input.charset)
        if ByteRepair.looksBinary(input.bytes, encoding: encoding) {
            throw ParseError(module: descriptor.name, location: "byte 0", reason: "binary data, not an HTML page")
        }
        let page = ByteRepair.prepared(input.bytes, encoding: encoding)
        let (dom, head) = try parseHTML(page.bytes, encoding: encoding, attributes: page.attributes)
        return PageReader(input: input).read(dom, head: head)
    }
}

/// What the first bytes of a file say about it being HTML.
enum Recognizer {
    /// 90 for markup that opens like a page, 0 for JSON or XML of another kind (a feed); nil
    /// when the bytes do not say.
    static func score(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return 0 }
        guard first == UInt8(ascii: "<") else { return nil }
        let lower = bytes.prefix(4096).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        if RootElement.isOtherXML(lower) { return 0 }
        for opening in ["<!doctype html", "<html", "<head"] where lower.starts(with: opening.utf8) { return 90 }
        for marker in ["<body", "<div", "<p>"] where lower.containsBytes(Array(marker.utf8)) { return 90 }
        return nil
    }
}
