/// A parser module turns the bytes of one kind of source into a ``Document``.
///
/// This is the one protocol a new source implements. A module is pure: it gets bytes and a
/// description of where they came from, and returns a document. It never opens a connection,
/// touches the file system or keeps global state; the engine does all of that, so that every
/// module gets the store, the offline mode, cancellation and the workers for free.
public protocol ParserModule: Sendable {
    /// What the module is and what it accepts; read by the registry and `reader sources`.
    var descriptor: ModuleDescriptor { get }

    /// Parses one fetched or local input. Throws ``ParseError`` for input it cannot read.
    func parse(_ input: ParseInput) throws -> Document

    /// How sure the module is that a local file or an unlabelled download is its kind, from
    /// its first bytes and name: 0 (not mine) to 100 (certainly mine). The registry picks the
    /// highest; the default looks at the file extension and media type only.
    func recognize(_ sample: Sample) -> Int

    /// Where the request `argument` (such as `793` for `rfc`) lives, as URLs tried in order
    /// until one exists. `nil` when the module is only reached by URL or file.
    func locate(_ argument: String, settings: Settings) throws -> Location?

    /// Expands the arguments of a request (`1-60` to `1`, `2`, … `60`); identity by default.
    func expand(_ arguments: [String]) throws -> [String]
}

extension ParserModule {
    public func recognize(_ sample: Sample) -> Int {
        if let mediaType = sample.mediaType, descriptor.mediaTypes.contains(mediaType) { return 50 }
        if let ext = sample.fileExtension, descriptor.fileExtensions.contains(ext) { return 40 }
        return 0
    }

    public func locate(_ argument: String, settings: Settings) throws -> Location? { nil }

    public func expand(_ arguments: [String]) throws -> [String] { arguments }
}

/// The static facts about a module, as `reader sources` lists them.
public struct ModuleDescriptor: Sendable, Hashable, Codable {
    /// A short unique name, such as `rfc-text`.
    public var name: String
    /// The request types it serves, such as `["rfc"]`; the first is its main one.
    public var requestTypes: [String]
    /// URL patterns it accepts, `*` matching any run of characters
    /// (`https://www.rfc-editor.org/rfc/rfc*.txt`). The most specific match wins.
    public var urlPatterns: [String]
    /// Media types it reads, such as `text/plain` or `application/json`.
    public var mediaTypes: [String]
    /// File extensions it reads, without the dot.
    public var fileExtensions: [String]
    /// Bumped whenever the same bytes would parse differently, so stored documents are redone.
    public var version: String
    /// One line for `reader sources`.
    public var summary: String
    /// The shorthands people type for its documents (`793`, `rfc 793`), resolved by the engine.
    public var identifiers: [Identifier]
    /// Relation kinds of its own, besides ``RelationKind/standard``.
    public var relationKinds: [RelationKind]
    /// The documents it reads that list another request type's documents (``Listing``).
    public var listings: [Listing]
    /// The annotations its documents carry on other documents (``AnnotationSet``: errata).
    public var annotationSets: [AnnotationSet]
    /// The relation kinds (``RelationKind/name``) whose targets `reader fetch --follow` fetches
    /// after storing one of its documents: a feed's `links`, to its entries' pages. Only the
    /// targets its previous stored version did not have, so a refresh follows what is new.
    /// Set after the initializer (its signature is kept, so modules built before it still link).
    public var follows: [String] = []
    /// A word that, alone after `reader fetch`, fetches again every stored document this module
    /// made, each with a conditional GET (`feeds`: `reader fetch feeds`).
    public var refreshWord: String? = nil
    /// The request types (each taking no argument: one document) of the documents it reads that
    /// tell relations between other documents (the RFC index in XML: which draft became which
    /// RFC). Banners are drawn from such relations, so a document's kept view is rendered again
    /// when one of these is stored or changes, as when its describing listing does.
    public var relationDocuments: [String]

    // The initializer of 0.12 kept as it was: a module library built against it links to it.
    public init(
        name: String, requestTypes: [String], urlPatterns: [String] = [], mediaTypes: [String] = [],
        fileExtensions: [String] = [], version: String, summary: String, identifiers: [Identifier] = [],
        relationKinds: [RelationKind] = [], listings: [Listing] = [], annotationSets: [AnnotationSet] = []
    ) {
        self.init(
            name: name, requestTypes: requestTypes, urlPatterns: urlPatterns, mediaTypes: mediaTypes, fileExtensions: fileExtensions,
            version: version, summary: summary, identifiers: identifiers, relationKinds: relationKinds, listings: listings,
            annotationSets: annotationSets, relationDocuments: [])
    }

    public init(
        name: String, requestTypes: [String], urlPatterns: [String] = [], mediaTypes: [String] = [],
        fileExtensions: [String] = [], version: String, summary: String, identifiers: [Identifier] = [],
        relationKinds: [RelationKind] = [], listings: [Listing] = [], annotationSets: [AnnotationSet] = [],
        relationDocuments: [String]
    ) {
        self.annotationSets = annotationSets
        self.relationDocuments = relationDocuments
        self.identifiers = identifiers
        self.relationKinds = relationKinds
        self.listings = listings
        self.name = name
        self.requestTypes = requestTypes
        self.urlPatterns = urlPatterns
        self.mediaTypes = mediaTypes
        self.fileExtensions = fileExtensions
        self.version = version
        self.summary = summary
    }
}

extension ModuleDescriptor {
    private enum CodingKeys: String, CodingKey {
        case name, requestTypes, urlPatterns, mediaTypes, fileExtensions, version, summary, identifiers, relationKinds, listings,
            annotationSets, follows, refreshWord, relationDocuments
    }

    // By hand for the capabilities added in 0.10.0: a module library built before them sends none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            requestTypes: try container.decode([String].self, forKey: .requestTypes),
            urlPatterns: try container.decode([String].self, forKey: .urlPatterns),
            mediaTypes: try container.decode([String].self, forKey: .mediaTypes),
            fileExtensions: try container.decode([String].self, forKey: .fileExtensions),
            version: try container.decode(String.self, forKey: .version),
            summary: try container.decode(String.self, forKey: .summary),
            identifiers: try container.decodeIfPresent([Identifier].self, forKey: .identifiers) ?? [],
            relationKinds: try container.decodeIfPresent([RelationKind].self, forKey: .relationKinds) ?? [],
            listings: try container.decodeIfPresent([Listing].self, forKey: .listings) ?? [],
            annotationSets: try container.decodeIfPresent([AnnotationSet].self, forKey: .annotationSets) ?? [],
            relationDocuments: try container.decodeIfPresent([String].self, forKey: .relationDocuments) ?? [])
        follows = try container.decodeIfPresent([String].self, forKey: .follows) ?? []
        refreshWord = try container.decodeIfPresent(String.self, forKey: .refreshWord)
    }

    // The capabilities only when declared: a descriptor without them is written as before them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(requestTypes, forKey: .requestTypes)
        try container.encode(urlPatterns, forKey: .urlPatterns)
        try container.encode(mediaTypes, forKey: .mediaTypes)
        try container.encode(fileExtensions, forKey: .fileExtensions)
        try container.encode(version, forKey: .version)
        try container.encode(summary, forKey: .summary)
        if !identifiers.isEmpty { try container.encode(identifiers, forKey: .identifiers) }
        if !relationKinds.isEmpty { try container.encode(relationKinds, forKey: .relationKinds) }
        if !listings.isEmpty { try container.encode(listings, forKey: .listings) }
        if !annotationSets.isEmpty { try container.encode(annotationSets, forKey: .annotationSets) }
        if !follows.isEmpty { try container.encode(follows, forKey: .follows) }
        try container.encodeIfPresent(refreshWord, forKey: .refreshWord)
        if !relationDocuments.isEmpty { try container.encode(relationDocuments, forKey: .relationDocuments) }
    }
}
