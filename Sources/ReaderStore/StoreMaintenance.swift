import ReaderCatalog
import ReaderSupport

/// `reader cache stats|verify|gc`: what is stored, whether it reads back, and removing what
/// nothing names.
extension Store {
    public struct Stats: Sendable, Codable, Equatable {
        public var entries: Int
        public var blobs: Int
        /// Compressed bytes on disk.
        public var storedBytes: Int
        /// Raw bytes fetched, as the catalog records them.
        public var rawBytes: Int
        public var byRequestType: [String: Int]
    }

    public struct Problem: Sendable, Codable, Equatable, CustomStringConvertible {
        /// `blob`, `catalog` or `entry`.
        public var kind: String
        /// The blob ID, the catalog file or the entry key.
        public var name: String
        public var reason: String
        public var description: String { "\(kind) \(name): \(reason)" }

        package init(kind: String, name: String, reason: String) {
            self.kind = kind
            self.name = name
            self.reason = reason
        }
    }

    public struct Verification: Sendable, Codable, Equatable {
        public var blobsChecked: Int
        public var entriesChecked: Int
        public var problems: [Problem]
        public var ok: Bool { problems.isEmpty }

        package init(blobsChecked: Int, entriesChecked: Int, problems: [Problem]) {
            self.blobsChecked = blobsChecked
            self.entriesChecked = entriesChecked
            self.problems = problems
        }
    }

    public struct GarbageReport: Sendable, Codable, Equatable {
        public var blobsRemoved: Int
        public var bytesFreed: Int
        public var temporaryFilesRemoved: Int
        public var blobsKept: Int
        /// What `gc --repack` did after (``Store/repack(jobs:)``); nil without it.
        public var repacked: RepackReport?
        /// Earlier versions forgotten by `--keep-versions N` before the blobs were swept.
        public var versionsForgotten: Int = 0
    }

    public func stats() throws -> Stats {
        let catalog = try catalog.read()
        let inventory = blobs.inventory()
        var byType: [String: Int] = [:]
        for entry in catalog.entries.values { byType[entry.requestType, default: 0] += 1 }
        return Stats(
            entries: catalog.entries.count, blobs: inventory.blobs.count,
            storedBytes: inventory.blobs.reduce(0) { $0 + $1.size },
            rawBytes: catalog.entries.values.reduce(0) { $0 + $1.size }, byRequestType: byType)
    }

    /// Reads back every blob and checks every catalog entry; names each problem found.
    public func verify() -> Verification {
        var problems: [Problem] = []
        let inventory = blobs.inventory()
        problems += linkProblems(inventory)
        var good = Set<BlobID>()
        for blob in inventory.blobs {
            do {
                try blobs.check(blob.id)
                good.insert(blob.id)
            } catch ReaderError.damaged(_, let reason) {
                problems.append(Problem(kind: "blob", name: blob.id.hex, reason: reason))
            } catch {
                problems.append(Problem(kind: "blob", name: blob.id.hex, reason: "\(error)"))
            }
        }
        var entriesChecked = 0
        do {
            let catalog = try catalog.read()
            for (key, entry) in catalog.entries.sorted(by: { $0.key < $1.key }) {
                entriesChecked += 1
                // Every version's blobs, the current one's named as before; an earlier one's
                // by its number, as `reader history` prints it.
                let versions = entry.allVersions
                for (number, version) in versions.enumerated() {
                    let which = number == versions.count - 1 ? "" : "version \(number + 1) "
                    for id in [version.raw, version.document] where !good.contains(id) {
                        let reason = blobs.contains(id) ? "\(which)names damaged blob \(id)" : "\(which)names missing blob \(id)"
                        problems.append(Problem(kind: "entry", name: key, reason: reason))
                    }
                }
            }
            problems += fullTextProblems(catalog)
            if let loss = self.catalog.partial.reason() {
                let unnamed = Self.unnamed(inventory.blobs.map(\.id), by: catalog).count
                if unnamed > 0 {
                    problems.append(
                        Problem(
                            kind: "catalog", name: "catalog.partial",
                            reason:
                                "\(loss); \(unnamed) blobs it does not name may be lost entries' data: 'reader cache recover' lists them"))
                }
            }
        } catch ReaderError.damaged(let what, let reason) {
            problems.append(Problem(kind: "catalog", name: what, reason: reason))
        } catch {
            problems.append(Problem(kind: "catalog", name: "catalog.json", reason: "\(error)"))
        }
        return Verification(blobsChecked: inventory.blobs.count, entriesChecked: entriesChecked, problems: problems)
    }

    /// Every link (or FIFO, device) where the store keeps a file or folder: under `objects/`,
    /// and in place of the store's own files.
    func linkProblems(_ inventory: BlobStore.Inventory) -> [Problem] {
        let reason = "a link where the store keeps a file or folder (never followed); remove it"
        var links = inventory.links
        for name in [
            "catalog.json", "catalog.prev.json", "catalog.journal", "catalog.partial", "lock", "writers.lock", "entries", "views",
            "fulltext", "reads.journal", "annotations",
        ] {
            let path = root + "/" + name
            if FileSystem.isNeitherFileNorFolder(path) { links.append(path) }
        }
        for folder in [entryTables.folder, views.folder, fullText.folder] {
            guard let listing = try? FileSystem.listing(folder) else { continue }
            links += listing.others.map { folder + "/" + $0 }
            if folder == views.folder {
                for document in listing.folders {
                    links += ((try? FileSystem.listing(folder + "/" + document).others) ?? []).map { folder + "/" + document + "/" + $0 }
                }
            }
        }
        return links.map { Problem(kind: "link", name: $0, reason: reason) }
    }

    /// Removes blobs no catalog entry names, and temporary files left by killed processes.
    /// Refuses to run on a damaged catalog, or on one that may lack entries
    /// (`catalog.partial`): it cannot know which blobs are needed.
    ///
    /// Earlier versions are blobs their entry names, so they stay; `keepingVersions` (`gc
    /// --keep-versions N`) first forgets all but the N latest earlier versions of each entry.
    public func collectGarbage(keepingVersions: Int? = nil) throws -> GarbageReport {
        try prepare()
        return try withWritersLock(.exclusive) {
            var catalog = try catalog.read()
            var versionsForgotten = 0
            if let keepingVersions {
                var trimmed: [(key: String, entry: CatalogEntry?)] = []
                for (key, entry) in catalog.entries where entry.earlier.count > keepingVersions {
                    versionsForgotten += entry.earlier.count - keepingVersions
                    trimmed.append((key, entry.keepingLast(keepingVersions)))
                }
                if !trimmed.isEmpty {
                    try self.catalog.record(contentsOf: trimmed)
                    try self.catalog.compact()
                    catalog = try self.catalog.read()
                }
            }
            let named = Set(catalog.entries.values.flatMap(\.blobs))
            let inventory = blobs.inventory()
            // A link in the store was planted: gc follows none, and removes nothing until it goes.
            if let link = linkProblems(inventory).first {
                throw ReaderError.damaged(what: link.name, reason: link.reason)
            }
            if let loss = self.catalog.partial.reason() {
                let unnamed = Self.unnamed(inventory.blobs.map(\.id), by: catalog).count
                guard unnamed == 0 else { throw ReaderError.incompleteCatalog(reason: loss, unnamed: unnamed) }
                // Every blob is named again (what was lost was fetched back): the catalog is whole.
                try clearPartialMarker()
            }
            // Before the blobs go: forgetting a document's words needs its text.
            pruneFullText(catalog)
            var result = GarbageReport(blobsRemoved: 0, bytesFreed: 0, temporaryFilesRemoved: 0, blobsKept: 0, repacked: nil)
            result.versionsForgotten = versionsForgotten
            for blob in inventory.blobs {
                if named.contains(blob.id) {
                    result.blobsKept += 1
                } else {
                    try blobs.remove(blob.id)
                    result.blobsRemoved += 1
                    result.bytesFreed += blob.size
                }
            }
            for document in entryTables.documents() where !named.contains(document) {
                try entryTables.remove(of: document)
            }
            for document in views.documents() where !named.contains(document) {
                try views.remove(of: document)
            }
            // With the exclusive lock held no writer is running, so every temporary file is stale.
            for stray in inventory.strays where stray.path.split(separator: "/").last?.hasPrefix(".tmp-") == true {
                try FileSystem.remove(stray.path)
                result.temporaryFilesRemoved += 1
            }
            for folder in [root, entryTables.folder] + views.documents().map({ "\(views.folder)/\($0.hex)" }) {
                for name in FileSystem.list(folder) where name.hasPrefix(".tmp-") {
                    try FileSystem.remove(folder + "/" + name)
                    result.temporaryFilesRemoved += 1
                }
            }
            return result
        }
    }
}
