import ReaderJSON
import ReaderPluginAPI

/// A document's JSON written directly, in exactly the form its `Codable` conformance reads back
/// (`JSONDecoder().decode(Document.self, …)`), keys sorted.
///
/// `JSONEncoder` spends most of a fetch of the RFC index (9,816 entries) and of a bulk fetch of
/// RFCs in its generic machinery; this writes bytes with the tree's one JSON writer. The tests
/// decode what it writes for every document of the corpus and compare it with the original.
/// Used through ``DocumentCodec``.
extension JSONWriter {
    /// ``JSONWriter/array(_:_:)``, made in this module: its generic `array`, called across the
    /// module boundary, ran unspecialized, looking up type metadata for every array of every
    /// block (3 % of a mirror's CPU); here the compiler specializes it for each element type.
    mutating func elements<T>(_ values: [T], _ element: (inout JSONWriter, T) -> Void) {
        byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            element(&self, value)
            elementEnded()
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func object(_ members: [String: JSONValue]) {
        value(.object(members))
    }

    /// `blockStarts` is told where each block of the body starts, in bytes from the start.
    mutating func document(
        _ document: Document, blockStarts: (Int) -> Void = { _ in }, entryWritten: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
    ) {
        raw("{")
        if !document.annotations.isEmpty {
            key("annotations", first: true)
            elements(document.annotations) { $0.annotation($1) }
        }
        key("blocks", first: document.annotations.isEmpty)
        elements(document.blocks) { writer, block in
            blockStarts(writer.position)
            writer.block(block)
        }
        if let reference = document.describedBy {
            key("describedBy")
            raw("{\"id\":")
            string(reference.id)
            raw(",\"key\":")
            string(reference.key)
            raw("}")
        }
        key("entries")
        entries(document.entries, entryWritten: entryWritten)
        key("extra")
        object(document.extra)
        key("key")
        string(document.key)
        if let label = document.label { key("label"); string(label) }
        key("links")
        elements(document.links) { $0.link($1) }
        key("metadata")
        metadata(document.metadata)
        key("notes")
        strings(document.notes)
        if !document.relations.isEmpty {
            key("relations")
            elements(document.relations) { $0.relation($1) }
        }
        key("source")
        string(document.source)
        if let status = document.status { key("status"); string(status) }
        key("title")
        string(document.title)
        raw("}")
    }

    mutating func metadata(_ metadata: Metadata) {
        raw("{")
        key("authors", first: true)
        strings(metadata.authors)
        if let byline = metadata.byline { key("byline"); string(byline) }
        if let date = metadata.date { key("date"); string(date) }
        if let language = metadata.language { key("language"); string(language) }
        if let siteName = metadata.siteName { key("siteName"); string(siteName) }
        if let url = metadata.url { key("url"); string(url) }
        raw("}")
    }

    /// Members in sorted order, as `JSONEncoder` writes them, the optional ones only when
    /// present. Written member by member: an RFC tells hundreds of relations, and an array of
    /// pairs for each cost more than the writing.
    mutating func relation(_ relation: Relation) {
        raw("{")
        var first = true
        if let section = relation.section {
            key("section", first: true)
            string(section)
            first = false
        }
        if let subject = relation.subject {
            key("subject", first: first)
            string(subject)
            first = false
        }
        key("target", first: first)
        string(relation.target)
        if let targetSection = relation.targetSection {
            key("targetSection")
            string(targetSection)
        }
        key("type")
        string(relation.type)
        raw("}")
    }

    mutating func annotation(_ annotation: Annotation) {
        strings([
            ("author", annotation.author), ("date", annotation.date), ("id", annotation.id), ("kind", annotation.kind),
            ("notes", annotation.notes), ("quote", annotation.quote), ("replacement", annotation.replacement),
            ("section", annotation.section), ("status", annotation.status), ("target", annotation.target),
        ])
    }

    /// An object of string members, `pairs` in sorted order; the optional ones only when present,
    /// as `JSONEncoder` writes them.
    private mutating func strings(_ pairs: [(String, String?)]) {
        var first = true
        for (name, value) in pairs {
            guard let value else { continue }
            raw(first ? "{" : "")
            key(name, first: first)
            string(value)
            first = false
        }
        raw("}")
    }

    mutating func link(_ link: Link) {
        raw("{\"text\":")
        string(link.text)
        raw(",\"url\":")
        string(link.url)
        raw("}")
    }

    mutating func inline(_ inline: Inline) {
        raw("{")
        if let link = inline.link { key("link", first: true); number(link); key("style") } else { key("style", first: true) }
        string(inline.style.rawValue)
        key("text")
        string(inline.text)
        raw("}")
    }

    mutating func block(_ block: Block) {
        switch block {
        case .heading(let level, let number, let title):
            raw("{\"heading\":{\"level\":")
            self.number(level)
            if let number { key("number"); string(number) }
            key("title")
            string(title)
            raw("}}")
        case .paragraph(let inlines):
            raw("{\"paragraph\":{\"_0\":")
            elements(inlines) { $0.inline($1) }
            raw("}}")
        case .preformatted(let text, let language):
            raw("{\"preformatted\":{\"_0\":")
            string(text)
            if let language { key("language"); string(language) }
            raw("}}")
        case .list(let ordered, let items):
            raw("{\"list\":{\"items\":")
            elements(items) { writer, item in writer.elements(item) { $0.block($1) } }
            key("ordered")
            bool(ordered)
            raw("}}")
        case .quote(let blocks):
            raw("{\"quote\":{\"_0\":")
            elements(blocks) { $0.block($1) }
            raw("}}")
        case .table(let rows, let header):
            raw("{\"table\":{\"header\":")
            bool(header)
            key("rows")
            elements(rows) { $0.strings($1) }
            raw("}}")
        case .image(let alt, let url, let caption, let blob):
            raw("{\"image\":{")
            // In the order of the sorted keys, as the reference encoder writes them.
            if let alt { key("alt", first: true); string(alt) }
            if let blob { key("blob", first: alt == nil); string(blob) }
            if let caption { key("caption", first: alt == nil && blob == nil); string(caption) }
            if let url { key("url", first: alt == nil && blob == nil && caption == nil); string(url) }
            raw("}}")
        case .rule:
            raw("{\"rule\":{}}")
        case .post(let post):
            raw("{\"post\":{\"_0\":")
            self.post(post)
            raw("}}")
        }
    }

    mutating func post(_ post: Post) {
        raw("{")
        key("author", first: true)
        string(post.author)
        if let name = post.authorName { key("authorName"); string(name) }
        if let createdAt = post.createdAt { key("createdAt"); string(createdAt) }
        key("id")
        string(post.id)
        key("links")
        elements(post.links) { $0.link($1) }
        key("media")
        strings(post.media)
        key("quotedPosts")
        elements(post.quoted.map { [$0] } ?? []) { $0.post($1) }
        key("reposted")
        elements(post.retweetOf.map { [$0] } ?? []) { $0.post($1) }
        key("text")
        string(post.text)
        raw("}")
    }

    mutating func entry(_ entry: Entry) {
        raw("{")
        key("annotations", first: true)
        // Kept as the JSON text it is stored as: no dictionary is built.
        string(entry.annotationsText)
        key("authors")
        authors(entry)
        if let date = entry.date { key("date"); string(date) }
        key("fields")
        string(entry.fieldsText)
        key("id")
        string(entry.id)
        key("notices")
        strings(entry.notices)
        if let status = entry.status { key("status"); string(status) }
        key("title")
        if !entry.names.withPlainTitle(in: entry.fieldsText, { string(utf8: $0) }) { string(entry.title) }
        raw("}")
    }

    /// An entry's authors, from its fields' text when they are held there: no Strings made.
    private mutating func authors(_ entry: Entry) {
        guard case .inFields = entry.names else { return strings(entry.authors) }
        let start = count
        byte(UInt8(ascii: "["))
        var first = true
        let written = entry.names.withPlainAuthors(in: entry.fieldsText) { utf8 in
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            string(utf8: utf8)
        }
        if written {
            byte(UInt8(ascii: "]"))
        } else {
            truncate(to: start)
            strings(entry.authors)
        }
    }
}
