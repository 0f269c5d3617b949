/// A parsed document: what every renderer (text, Markdown, JSON) reads.
///
/// A module fills in what its source has: an article has metadata and blocks, an index has
/// entries, a timeline has ``Block/post(_:)`` blocks. Renderers know nothing of the source.
public struct Document: Sendable, Hashable, Codable {
    /// The request type that made it (`rfc`, `tweets`, …); the JSON `source` key.
    public var source: String
    /// The catalog key; the JSON `key` key.
    public var key: String
    public var title: String
    public var metadata: Metadata
    /// The body, in reading order.
    public var blocks: [Block]
    /// Links in the body; ``Inline/link`` indexes into this list.
    public var links: [Link]
    /// The records of an index-like document (the RFC index), for `list` and `search`.
    public var entries: [Entry]
    /// Said about the input to the reader, such as a partial error from an API.
    public var notes: [String]
    /// An entry of another stored document that describes this one (RFC 793 in the index):
    /// its notices are shown as a banner and its annotations join this document's JSON.
    public var describedBy: EntryReference?
    /// Source-specific keys added to the JSON output (`number`, `sections`, `items`, …).
    public var extra: [String: JSONValue]
    /// How lists, links and banners name it in a few characters (`RFC 793`, `@jack`,
    /// `example.com`); `nil`: the label of its key's ``Identifier``, else its title.
    public var label: String?
    /// One line of what it is, under the title (`Internet Standard · September 1981`).
    public var status: String?
    /// Its typed edges to other keys (``Relation``), kept by the engine in a derived index.
    public var relations: [Relation]
    /// Its remarks on other documents (``Annotation``: an erratum on RFC 9110), which the engine
    /// shows in place when their target is opened; declared by an ``AnnotationSet``.
    public var annotations: [Annotation]

    public init(
        source: String, key: String, title: String, metadata: Metadata = Metadata(), blocks: [Block] = [],
        links: [Link] = [], entries: [Entry] = [], notes: [String] = [], describedBy: EntryReference? = nil,
        extra: [String: JSONValue] = [:], label: String? = nil, status: String? = nil, relations: [Relation] = [],
        annotations: [Annotation] = []
    ) {
        self.annotations = annotations
        self.label = label
        self.status = status
        self.relations = relations
        self.source = source
        self.key = key
        self.title = title
        self.metadata = metadata
        self.blocks = blocks
        self.links = links
        self.entries = entries
        self.notes = notes
        self.describedBy = describedBy
        self.extra = extra
    }
}

extension Document {
    private enum CodingKeys: String, CodingKey {
        case source, key, title, metadata, blocks, links, entries, notes, describedBy, extra, label, status, relations, annotations
    }

    // Written by hand for the keys added in 0.10.0: a module built against an older API (or a
    // document stored by an older release) has none of them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            source: try container.decode(String.self, forKey: .source), key: try container.decode(String.self, forKey: .key),
            title: try container.decode(String.self, forKey: .title),
            metadata: try container.decode(Metadata.self, forKey: .metadata),
            blocks: try container.decode([Block].self, forKey: .blocks), links: try container.decode([Link].self, forKey: .links),
            entries: try container.decode([Entry].self, forKey: .entries),
            notes: try container.decode([String].self, forKey: .notes),
            describedBy: try container.decodeIfPresent(EntryReference.self, forKey: .describedBy),
            extra: try container.decode([String: JSONValue].self, forKey: .extra),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            status: try container.decodeIfPresent(String.self, forKey: .status),
            relations: try container.decodeIfPresent([Relation].self, forKey: .relations) ?? [],
            annotations: try container.decodeIfPresent([Annotation].self, forKey: .annotations) ?? [])
    }

    // The keys added in 0.10.0 are written only when they say something, so that a document
    // without them crosses the module boundary as a module built before them writes it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(key, forKey: .key)
        try container.encode(title, forKey: .title)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(blocks, forKey: .blocks)
        try container.encode(links, forKey: .links)
        try container.encode(entries, forKey: .entries)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(describedBy, forKey: .describedBy)
        try container.encode(extra, forKey: .extra)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(status, forKey: .status)
        if !relations.isEmpty { try container.encode(relations, forKey: .relations) }
        if !annotations.isEmpty { try container.encode(annotations, forKey: .annotations) }
    }
}

/// What is known about a document besides its body. Dates are ISO 8601 strings.
public struct Metadata: Sendable, Hashable, Codable {
    public var byline: String?
    public var authors: [String]
    public var date: String?
    public var siteName: String?
    public var language: String?
    /// The address the document was read from, after redirects.
    public var url: String?

    public init(
        byline: String? = nil, authors: [String] = [], date: String? = nil, siteName: String? = nil,
        language: String? = nil, url: String? = nil
    ) {
        self.byline = byline
        self.authors = authors
        self.date = date
        self.siteName = siteName
        self.language = language
        self.url = url
    }
}

/// A link of the document; the text renderer lists them as numbered references.
public struct Link: Sendable, Hashable, Codable {
    public var text: String
    public var url: String
    public init(text: String, url: String) {
        self.text = text
        self.url = url
    }
}

/// Points at entry `id` of the stored document under catalog key `key`.
public struct EntryReference: Sendable, Hashable, Codable {
    public var key: String
    public var id: String
    public init(key: String, id: String) {
        self.key = key
        self.id = id
    }
}
