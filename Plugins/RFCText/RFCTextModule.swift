import ReaderPluginAPI

/// RFCs in plain text, paged (1969-2019) or v3 (since 2019), as clean reading documents: page
/// furniture removed, paragraphs reflowed, figures kept verbatim, sections and citations found.
public struct RFCTextModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "rfc-text",
        requestTypes: ["rfc"],
        urlPatterns: ["*/rfc/rfc*.txt", "*/rfc*.txt"],
        mediaTypes: ["text/plain"],
        fileExtensions: ["txt"],
        version: "5",
        summary: "RFCs in plain text, paged (1969-2019) or v3 (since 2019).",
        // `793`, `rfc 793`, `RFC793`, `rfc0793`, `rfc` `793`; the key is ``locate``'s.
        identifiers: ["{number}", "rfc {number}"].map {
            Identifier(pattern: $0, requestType: "rfc", key: "rfc/{number}", label: "RFC {number}", published: Self.published)
        }
    )

    /// Where the RFC Editor and the IETF publish RFC N: a page's link to one of these opens
    /// the stored RFC in `reader serve`.
    static let published =
        ["www.rfc-editor.org/rfc/", "rfc-editor.org/rfc/", "www.ietf.org/rfc/"].flatMap { base in
            ["", ".txt", ".html", ".pdf", ".xml"].map { "https://" + base + "rfc{number}" + $0 }
        } + [
            "https://datatracker.ietf.org/doc/html/rfc{number}", "https://datatracker.ietf.org/doc/rfc{number}",
            "https://tools.ietf.org/html/rfc{number}",
        ]

    public func recognize(_ sample: Sample) -> Int {
        let start = sample.firstSignificantBytes
        if start.first == 0x3C { return 0 }  // <: markup, not plain text
        let head = Array(start.prefix(4096))
        if Self.contains(head, "Request for Comments:") || Self.contains(head, "Network Working Group")
            || start.starts(with: Array("RFC:".utf8))
        {
            return 90
        }
        if let name = sample.fileName, RFCArgument.number(inFileName: name) != nil { return 60 }
        return 0
    }

    public func parse(_ input: ParseInput) throws -> Document {
        try InputCheck.admit(input.bytes, module: descriptor.name)
        let text = SourceText(input.bytes, charset: input.charset)
        let layout = Layout(text: text)
        let pages = Pagination(layout)
        var body = BodyBuilder(layout, lines: pages.lines)
        body.build()
        var front = body.front

        var notes: [String] = []
        let number: Int
        if let found = front.number {
            number = found
        } else if let found = RFCArgument.number(inKey: input.key) ?? input.url.flatMap(RFCArgument.number(inKey:)) {
            number = found
            notes.append("The text does not give its RFC number; \(found) comes from where it was read.")
        } else {
            throw ParseError(
                module: descriptor.name,
                reason: "not an RFC: no \"Request for Comments:\" line in the text and no RFC number in \"\(input.key)\""
            )
        }
        if front.date == nil { front.date = Self.fallbackDate(body, pages.runningHeaders) }

        var writer = BlockWriter(text, own: number)
        let blocks = writer.blocks(body.nodes)
        let key = RFCArgument.number(inCatalogKey: input.key) == nil ? "rfc/\(number)" : input.key
        // What it cites, where, and which of the cited RFC's sections; what its header says it
        // obsoletes and updates. Keys as this module's locations give them (`rfc/N`).
        var seen = Set<BlockWriter.Citation>()
        var relations = (writer.citations + writer.labelCitations.citations).compactMap { citation -> Relation? in
            // Each citation once: a paragraph that cites [HTTP] twice in one section is one edge.
            guard seen.insert(citation).inserted else { return nil }
            return Relation(.cites, target: "rfc/\(citation.number)", section: citation.section, targetSection: citation.targetSection)
        }
        relations += Array(Set(front.obsoletes)).sorted().map { Relation(.obsoletes, target: "rfc/\($0)") }
        relations += Array(Set(front.updates)).sorted().map { Relation(.updates, target: "rfc/\($0)") }
        return Document(
            source: "rfc",
            key: key,
            title: Self.title(front.title, headers: pages.runningHeaders) ?? "RFC \(number)",
            metadata: Metadata(authors: front.authors, date: front.date, language: "en", url: input.url),
            blocks: blocks,
            links: writer.links.links,
            notes: notes,
            describedBy: EntryReference(key: "rfc-index", id: "\(number)"),
            extra: [
                "number": JSONValue(number),
                "sections": .array(writer.sections),
                "references": JSONValue(writer.links.numbers),
                "obsoletes": JSONValue(Array(Set(front.obsoletes)).sorted()),
                "updates": JSONValue(Array(Set(front.updates)).sorted()),
                "category": JSONValue(front.category),
            ],
            relations: relations
        )
    }

    /// A title written in capitals reads better as the running header writes it
    /// (`TRANSMISSION CONTROL PROTOCOL` → `Transmission Control Protocol`).
    static func title(_ title: String?, headers: [String]) -> String? {
        guard let title, !title.isEmpty else { return nil }
        guard !title.contains(where: \.isLowercase) else { return title }
        let wanted = title.lowercased()
        for header in headers {
            for part in header.columns where part.lowercased() == wanted { return String(part) }
        }
        return title
    }

    /// The date when the header block has none: a line of the first pages that is only a date
    /// (793's cover), else the running header's.
    private static func fallbackDate(_ body: BodyBuilder, _ headers: [String]) -> String? {
        let text = body.text
        for line in body.lines.prefix(200) where !line.isBlank && line.width - line.indent <= 20 {
            if let date = RFCDate.iso(text.content(line)) { return date }
        }
        for header in headers {
            for part in header.columns {
                if let date = RFCDate.iso(String(part)) { return date }
            }
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count, let first = pattern.first else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == first {
            if haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}
