import ArgumentParser
import ReaderKit

struct Refs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refs",
        abstract: "What a document cites, links, obsoletes or replies to, and what does so to it, both ways; offline.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "A stored document: its key, shorthand (\(HelpExamples.shorthands)) or URL.")
    var key: String

    @Option(name: .long, help: "Only the relations made in or pointing to this section (and the sections within it).")
    var section: String?

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let reader = global.makeReader()
        let key = try Self.catalogKey(of: self.key, reader: reader)
        let relations = try reader.relations(of: key, section: section)
        let subject = reader.relatedDocument(key)
        if json { return Terminal.printRaw(try JSONRenderer.line(RefsJSON(subject, relations))) }
        let text = RefsText(
            subject: subject, relations: relations, kinds: reader.relationKinds, section: section,
            heading: reader.absenceNote(of: key), shorthand: reader.shorthand(ofKey:))
        LongOutput.print(text.lines.joined(separator: "\n"))
    }

    /// The catalog key `word` names, as `open` reads it (a number, `rfc/793`, a URL, a key of
    /// a source's request); a file names no stored document.
    static func catalogKey(of word: String, reader: Reader) throws -> String {
        if reader.isStored(word) { return word }
        switch try reader.openRequest(word) {
        case .file: throw ValidationError("'\(word)' names a file, not a stored document: refs takes a catalog key ('reader cache ls')")
        case .url(let url): return Request.urlKey(url)
        case let request: return try reader.key(of: request)
        }
    }
}

/// `refs KEY --json`: the contract's `key` and `relations` (`type`, `key`, `title`, `section`),
/// with the document's own label, title and state, and each relation's label and state besides;
/// with `--section`, each relation's `otherSection` (the citing document's section).
private struct RefsJSON: Encodable {
    var subject: RelatedDocument
    var relations: [RelatedDocument]

    init(_ subject: RelatedDocument, _ relations: [RelatedDocument]) {
        self.subject = subject
        self.relations = relations
    }

    private enum Keys: String, CodingKey { case key, label, title, stored, unavailable, relations, type, section, otherSection }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try Self.describe(subject, into: &object)
        var list = object.nestedUnkeyedContainer(forKey: .relations)
        for relation in relations {
            var item = list.nestedContainer(keyedBy: Keys.self)
            try item.encode(relation.type, forKey: .type)
            try Self.describe(relation, into: &item)
            try item.encode(relation.section, forKey: .section)
            try item.encodeIfPresent(relation.otherSection, forKey: .otherSection)
        }
    }

    /// `title` and `unavailable` are written as null when unknown: the keys are always there.
    private static func describe(_ document: RelatedDocument, into object: inout KeyedEncodingContainer<Keys>) throws {
        try object.encode(document.key, forKey: .key)
        try object.encode(document.label, forKey: .label)
        try object.encode(document.title, forKey: .title)
        try object.encode(document.stored, forKey: .stored)
        try object.encode(document.unavailable, forKey: .unavailable)
    }
}
