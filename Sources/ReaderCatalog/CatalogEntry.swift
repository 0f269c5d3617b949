import ReaderSupport

/// What the catalog knows about one request key: where its bytes are and how they were made.
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// The request type that fetched it (`rfc`, `html`, …).
    public var requestType: String
    /// Where it was fetched from, after redirects; nil for a local file.
    public var url: String?
    /// The blob of the raw bytes, exactly as fetched.
    public var raw: BlobID
    /// The blob of the parsed document (JSON).
    public var document: BlobID
    public var mediaType: String?
    public var charset: String?
    /// When it was last fetched or revalidated, ISO 8601.
    public var fetchedAt: String
    public var etag: String?
    public var lastModified: String?
    /// The parser module and its version that made `document`.
    public var module: String
    public var moduleVersion: String
    /// The size of the raw bytes.
    public var size: Int
    public var title: String?
    /// The earlier versions of the document, oldest first (``CatalogVersion``); absent (nil)
    /// until a fetch brings other bytes, so that an entry of a store written before versions
    /// existed reads and writes unchanged. Read it as ``earlier``.
    public var versions: [CatalogVersion]?
    /// The pictures its document names (``Block/image(alt:url:caption:blob:)``), stored beside
    /// it; absent when it names none, so that an entry without pictures reads and writes as
    /// before. Named here, like the other blobs, so that `gc`, `cache verify`, `push` and
    /// `pull` keep, check and carry them with no code of their own.
    public var pictures: [BlobID]?

    public init(
        requestType: String, url: String?, raw: BlobID, document: BlobID, mediaType: String?, charset: String?,
        fetchedAt: String, etag: String?, lastModified: String?, module: String, moduleVersion: String, size: Int,
        title: String?
    ) {
        self.requestType = requestType
        self.url = url
        self.raw = raw
        self.document = document
        self.mediaType = mediaType
        self.charset = charset
        self.fetchedAt = fetchedAt
        self.etag = etag
        self.lastModified = lastModified
        self.module = module
        self.moduleVersion = moduleVersion
        self.size = size
        self.title = title
    }

    /// The blobs this entry keeps alive: its own and its earlier versions'.
    public var blobs: [BlobID] {
        [raw, document] + (pictures ?? []) + earlier.flatMap { [$0.raw, $0.document] + ($0.pictures ?? []) }
    }
}

/// The whole catalog, as `catalog.json` holds it.
public struct Catalog: Sendable, Hashable, Codable {
    public var version: Int
    public var entries: [String: CatalogEntry]

    public init(entries: [String: CatalogEntry] = [:]) {
        self.version = 1
        self.entries = entries
    }
}
