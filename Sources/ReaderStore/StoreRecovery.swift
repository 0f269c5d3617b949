import DocumentJSON
import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// `reader cache recover`: the blobs the catalog does not name, said in a user's terms, so
/// that after a catalog lost entries (`catalog.partial`) their data can be found and fetched
/// back before anything is removed.
extension Store {
    public struct Recovery: Sendable, Codable, Equatable {
        /// Why the catalog may lack entries, from `catalog.partial`; nil when it is whole.
        public var partial: String?
        /// Every blob no entry names, by name.
        public var unnamed: [UnnamedBlob]
    }

    public struct UnnamedBlob: Sendable, Codable, Equatable {
        public var blob: String
        /// Compressed bytes on disk.
        public var storedBytes: Int
        /// For a parsed document: its key, source, title and the address it was read from,
        /// as the blob holds them (a module may give a document fetched by URL its own key).
        public var key: String?
        public var source: String?
        public var title: String?
        public var url: String?
        /// The command that fetches it again, which names this blob again when the source
        /// still serves the same bytes (filled in by ``Reader/recovery()``).
        public var fetchCommand: String?
    }

    /// The blobs no catalog entry names. Throws when the catalog cannot be read.
    public func recovery() throws -> Recovery {
        let catalog = try catalog.read()
        let sizes = Dictionary(blobs.inventory().blobs.map { ($0.id, $0.size) }, uniquingKeysWith: { first, _ in first })
        // Documents are read to say what they are; a larger blob than any document is not.
        let probe = BlobStore(folder: blobs.folder, readLimit: 64 << 20)
        let unnamed = Self.unnamed(Array(sizes.keys), by: catalog).sorted { $0.hex < $1.hex }.map { id in
            var blob = UnnamedBlob(blob: id.hex, storedBytes: sizes[id] ?? 0)
            // A document is JSON from its first byte; anything else (raw bytes, damage) is only a blob.
            if let bytes = try? probe.get(id), bytes.first == UInt8(ascii: "{"), let document = try? DocumentCodec.decode(bytes) {
                blob.key = document.key
                blob.source = document.source
                blob.title = document.title
                blob.url = document.metadata.url
            }
            return blob
        }
        return Recovery(partial: self.catalog.partial.reason(), unnamed: unnamed)
    }

    /// Why the catalog may lack entries (`catalog.partial`); nil when it is whole.
    public var catalogLoss: String? { catalog.partial.reason() }

    /// The user's decision to give up the entries a partial catalog lost: `catalog.partial`
    /// goes, and the next `gc` removes the blobs no entry names. Returns what was given up.
    @discardableResult
    public func acceptCatalogLoss() throws -> String? {
        guard FileSystem.exists(root) else { return nil }
        return try withWritersLock(.exclusive) {
            let loss = catalog.partial.reason()
            if loss != nil { try clearPartialMarker() }
            return loss
        }
    }

    func clearPartialMarker() throws {
        do {
            try catalog.partial.clear()
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// The blobs among `ids` that no entry of `catalog` names.
    static func unnamed(_ ids: [BlobID], by catalog: Catalog) -> [BlobID] {
        let named = Set(catalog.entries.values.flatMap(\.blobs))
        return ids.filter { !named.contains($0) }
    }
}
