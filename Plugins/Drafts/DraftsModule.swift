import RFCText
import ReaderPluginAPI

/// The module's name, in its descriptor and its errors.
let moduleName = "drafts"

/// Internet-Drafts in plain text, one document per version (`draft-ietf-quic-transport-34`):
/// read with the RFC layout's parser (they are laid out as RFCs are), with the draft's own
/// header — intended status, expiry, what it would obsolete, update or replace — and its
/// citations of RFCs and of other drafts as relations.
public struct DraftsModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: moduleName,
        requestTypes: ["draft"],
        urlPatterns: ["*/archive/id/draft-*.txt", "*/id/draft-*.txt", "*/draft-*.txt"],
        mediaTypes: ["text/plain"],
        fileExtensions: ["txt"],
        version: "1",
        summary: "Internet-Drafts in plain text, each version its own document (draft-NAME-NN).",
        // `draft-ietf-quic-transport-34` is a target by itself; the key is ``locate``'s.
        identifiers: [
            Identifier(
                pattern: "draft-{name}", requestType: "draft", argument: "draft-{name}", key: "draft-{name}", label: "draft-{name}")
        ]
    )

    public func recognize(_ sample: Sample) -> Int {
        DraftRecognizer.confidence(sample)
    }

    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        try DraftLocator.locate(argument, settings: settings)
    }

    public func parse(_ input: ParseInput) throws -> Document {
        let text = try PagedText(input.bytes, charset: input.charset, module: moduleName)
        let header = DraftHeader(lines: text.lines)
        let named = DraftName.inKey(input.key) ?? input.url.flatMap(DraftName.inKey)
        let written = Self.ownName(text.lines)
        guard let draft = named ?? written else {
            throw ParseError(
                module: moduleName,
                reason: "not an Internet-Draft: no draft name (draft-NAME-NN) in its first page or in \"\(DraftName.printable(input.key))\""
            )
        }
        // Asked for as a draft, a text is taken as one; found on its own, it must say it is one.
        guard named != nil || header.saysInternetDraft || written != nil else {
            throw ParseError(module: moduleName, reason: "not an Internet-Draft: its first page neither says Internet-Draft nor names it")
        }
        var notes: [String] = []
        if let written, let named, written != named {
            notes.append("The text calls itself \(written.key ?? written.name); it was read as \(named.key ?? named.name).")
        }
        let key = draft.key ?? draft.name
        let title = Self.title(text, own: draft.name) ?? key

        var relations = text.citations.map {
            Relation(.cites, target: "rfc/\($0.number)", section: $0.section, targetSection: $0.targetSection)
        }
        relations += DraftMentions.find(in: text.blocks, own: draft.name).map {
            Relation(.cites, target: $0.target, section: $0.section)
        }
        relations += Array(Set(header.obsoletes)).sorted().map { Relation(.obsoletes, target: "rfc/\($0)") }
        relations += Array(Set(header.updates)).sorted().map { Relation(.updates, target: "rfc/\($0)") }
        relations += Array(Set(header.replaces)).sorted().map { Relation(.replaces, target: $0) }

        let date = header.dateISO ?? text.date
        return Document(
            source: "draft",
            key: key,
            title: title,
            metadata: Metadata(
                authors: header.authors.isEmpty ? text.authors : header.authors, date: date,
                language: "en", url: input.url),
            blocks: Self.withoutOwnName(text.blocks, key: key),
            links: text.links,
            notes: notes,
            extra: [
                "name": .string(draft.name),
                "version": draft.version.map(JSONValue.string) ?? .null,
                "sections": .array(text.sections),
                "intendedStatus": header.intendedStatus.map(JSONValue.string) ?? .null,
                "expires": (header.expiresISO ?? header.expires).map(JSONValue.string) ?? .null,
                "obsoletes": JSONValue(Array(Set(header.obsoletes)).sorted()),
                "updates": JSONValue(Array(Set(header.updates)).sorted()),
                "replaces": JSONValue(Array(Set(header.replaces)).sorted()),
            ],
            label: key,
            status: Self.status(header, date: header.date ?? date),
            relations: relations
        )
    }

    /// `Internet-Draft, intended Standards Track · July 18, 2017 · expires January 19, 2018`.
    static func status(_ header: DraftHeader, date: String?) -> String {
        var parts = ["Internet-Draft" + (header.intendedStatus.map { ", intended \($0)" } ?? "")]
        if let date { parts.append(date) }
        if let expires = header.expires { parts.append("expires \(expires)") }
        return parts.joined(separator: " · ")
    }

    /// The name the draft gives itself: the line under its title (`draft-nottingham-rfc5988bis-07`,
    /// sometimes `….txt` or `….xml`), else one written in its header (`Document: draft-….txt`).
    static func ownName(_ lines: [String]) -> DraftName? {
        func named(_ line: String) -> DraftName? {
            DraftMentions.targets(in: line.lowercased()).lazy.compactMap(DraftName.inKey).first
        }
        for line in lines.prefix(80) {
            let trimmed = line.trimmed
            guard trimmed.lowercased().hasPrefix("draft-"), !trimmed.contains(" ") else { continue }
            if let found = named(trimmed) { return found }
        }
        return lines.prefix(12).lazy.compactMap(named).first
    }

    /// The title: the centred lines over the draft's name (`Web Linking` over
    /// `draft-nottingham-rfc5988bis-07`); else the title the RFC layout's reading finds, without
    /// the name it may run into; else the middle of the running header.
    static func title(_ text: PagedText, own: String) -> String? {
        let head = text.lines.prefix(80)
        if let nameLine = head.firstIndex(where: { $0.trimmed.lowercased().hasPrefix(own) && !$0.trimmed.contains(" ") }) {  // `….txt` too
            var start = nameLine
            while start > head.startIndex, !head[start - 1].isEmpty, nameLine - start < 4 { start -= 1 }
            let title = head[start..<nameLine].map(\.trimmed).joined(separator: " ")
            if !title.isEmpty, start > head.startIndex, head[start - 1].isEmpty { return title }
        }
        if var title = text.title {
            title = title.split(separator: " ").filter { !$0.lowercased().hasPrefix(own) }.joined(separator: " ")
            if !title.isEmpty { return title }
        }
        for header in text.runningHeaders {
            let parts = header.split(separator: "  ").map { String($0).trimmed }.filter { !$0.isEmpty }
            if parts.count == 3 { return parts[1] }
        }
        return nil
    }

    /// The paragraph that is only the draft's name, under the title: said by the header already.
    static func withoutOwnName(_ blocks: [Block], key: String) -> [Block] {
        var blocks = blocks
        if let index = blocks.prefix(6).firstIndex(where: { $0.plainText?.trimmed.lowercased() == key }) {
            blocks.remove(at: index)
        }
        return blocks
    }
}
