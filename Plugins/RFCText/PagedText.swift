import ReaderPluginAPI

/// The reading of a text laid out as an RFC is (page furniture, header block, centred title,
/// numbered sections, references), for the modules of documents written in that layout — an
/// Internet-Draft is one — so that they read as well as an RFC without a copy of this parser.
/// `package`: a module of this tree may depend on this one (Package.swift's `moduleDependencies`).
package struct PagedText: Sendable {
    /// The title under the header block, as the RFC parser reads it.
    package var title: String?
    package var authors: [String]
    /// ISO 8601, from the header block or the running header.
    package var date: String?
    package var blocks: [Block]
    package var links: [Link]
    /// `{"number", "title"}` per heading, as RFCs give them in their JSON.
    package var sections: [JSONValue]
    /// The RFCs mentioned, each with the section it is mentioned in and the section of it named.
    package var citations: [(section: String?, number: Int, targetSection: String?)]
    /// The running headers of the pages (`Internet-Draft   Web Linking   July 2017`).
    package var runningHeaders: [String]
    /// The text's lines after the page furniture is removed, blank ones included.
    package var lines: [String]

    /// Reads `bytes`; throws ``ParseError`` (naming `module`) for input that is not plain text.
    package init(_ bytes: [UInt8], charset: String?, module: String) throws {
        try InputCheck.admit(bytes, module: module)
        let text = SourceText(bytes, charset: charset)
        let layout = Layout(text: text)
        let pages = Pagination(layout)
        var body = BodyBuilder(layout, lines: pages.lines)
        body.build()
        var writer = BlockWriter(text, own: 0)
        blocks = writer.blocks(body.nodes)
        links = writer.links.links
        sections = writer.sections
        citations = writer.citations.map { ($0.section, $0.number, $0.targetSection) }
        title = RFCTextModule.title(body.front.title, headers: pages.runningHeaders)
        authors = body.front.authors
        date = body.front.date
        runningHeaders = pages.runningHeaders
        lines = pages.lines.map { $0.isBlank ? "" : text.string($0.start..<$0.end) }
    }

    /// The ISO form of a date as RFCs write it (`July 18, 2017` → `2017-07-18`), or nil.
    package static func isoDate(_ text: String) -> String? { RFCDate.iso(text) }
}
