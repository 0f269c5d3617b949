import ReaderCatalog

/// What a push or pull reports as it goes, and what it did.
public enum TransferEvent: Sendable {
    /// The blobs to send or fetch are known.
    case planned(blobs: Int)
    /// One blob moved (`bytes` of its file), or was found already there (`bytes` 0).
    case blob(bytes: Int)
    /// A `gc --remote` under way is removing objects the push is about to name: it waits for
    /// that sweep to end, at the latest at `until` (seconds since 1970, the server's clock).
    case waiting(until: Int)
}

/// What a push or a pull did, for its summary line and `--json`.
public struct TransferResult: Sendable, Codable, Equatable {
    public var remote: String
    /// Blobs sent (push) or fetched (pull).
    public var blobsMoved = 0
    /// Blobs the other side had already.
    public var blobsPresent = 0
    /// Bytes of the blobs moved, as stored (compressed).
    public var bytes = 0
    /// Catalog entries added to the other side.
    public var entries = 0
    /// Entries the other side already had as new or newer.
    public var entriesCurrent = 0
    /// Remote entries a pull skipped: a key that breaks the key rule (``CatalogKey``), or one
    /// that would replace a stored document of another source.
    public var entriesRefused = 0
    /// The first of them, in printable form, and why.
    public var refusal: String?
    /// Annotation records (notes, tags, marks) sent (push) or taken (pull): ``AnnotationShelf``.
    public var annotations = 0
    /// Remote annotation records a pull left out: not their name's bytes, or not a record.
    public var annotationsRefused = 0

    mutating func refuse(_ key: String, _ why: String) {
        entriesRefused += 1
        if refusal == nil { refusal = "'\(CatalogKey.printable(key))': \(why)" }
    }

    init(remote: String) {
        self.remote = remote
    }
}
