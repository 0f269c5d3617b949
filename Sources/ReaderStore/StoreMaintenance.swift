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

    /// Counts, one entry and one folder of blobs at a time: a million documents' store is
    /// never whole in memory (``CatalogFile/forEachEntry(_:)``, ``BlobStore/walk(blob:stray:link:)``).
    public func stats() throws -> Stats {
        var entries = 0
        var rawBytes = 0
        var byType: [String: Int] = [:]
        try catalog.forEachEntry { _, entry in
            entries += 1
            rawBytes += entry.size
            byType[entry.requestType, default: 0] += 1
        }
        var blobCount = 0
        var storedBytes = 0
        blobs.walk(
            blob: { _, size, _ in
                blobCount += 1
                storedBytes += size
            }, stray: { _, _ in }, link: { _ in })
        return Stats(entries: entries, blobs: blobCount, storedBytes: storedBytes, rawBytes: rawBytes, byRequestType: byType)
    }

    /// Reads back every blob and checks every catalog entry; names each problem found. What
    /// it holds is the problems: the blobs are read a folder at a time, the entries one at a
    /// time, and an entry's blobs are looked for on disk.
    public func verify() -> Verification {
        var links: [String] = []
        var blobProblems: [Problem] = []
        var damaged = Set<BlobID>()
        var blobsChecked = 0
        blobs.walk(
            blob: { id, _, _ in
                blobsChecked += 1
                do {
                    try blobs.check(id)
                } catch ReaderError.damaged(_, let reason) {
                    damaged.insert(id)
                    blobProblems.append(Problem(kind: "blob", name: id.hex, reason: reason))
                } catch {
                    damaged.insert(id)
                    blobProblems.append(Problem(kind: "blob", name: id.hex, reason: "\(error)"))
                }
            }, stray: { _, _ in }, link: { links.append($0) })
        var problems = linkProblems(links) + blobProblems
        var entriesChecked = 0
        do {
            var entryProblems: [Problem] = []
            var checked = 0
            try catalog.forEachEntry { key, entry in
                checked += 1
                // Every version's blobs, the current one's named as before; an earlier one's
                // by its number, as `reader history` prints it.
                let versions = entry.allVersions
                for (number, version) in versions.enumerated() {
                    let which = number == versions.count - 1 ? "" : "version \(number + 1) "
                    for id in [version.raw, version.document] where damaged.contains(id) || !blobs.contains(id) {
                        let reason = blobs.contains(id) ? "\(which)names damaged blob \(id)" : "\(which)names missing blob \(id)"
                        entryProblems.append(Problem(kind: "entry", name: key, reason: reason))
                    }
                }
            }
            entriesChecked = checked
            problems += entryProblems
            problems += fullTextProblems()
            if let loss = self.catalog.partial.reason() {
                let unnamed = try unnamedCount()
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
        return Verification(blobsChecked: blobsChecked, entriesChecked: entriesChecked, problems: problems)
    }

    /// How many blobs no entry names.
    func unnamedCount() throws -> Int {
        let named = try NamedBlobs(catalog)
        var count = 0
        blobs.walk(blob: { id, _, _ in if !named.names(id) { count += 1 } }, stray: { _, _ in }, link: { _ in })
        return count
    }

    /// Every link (or FIFO, device) where the store keeps a file or folder: under `objects/`,
    /// and in place of the store's own files.
    func linkProblems(_ found: [String]) -> [Problem] {
        let reason = "a link where the store keeps a file or folder (never followed); remove it"
        var links = found
        for name in [
            "catalog.json", "catalog.prev.json", "catalog.journal", "catalog.partial", "catalog.first", "lock", "writers.lock",
            "entries", "views", "fulltext", "reads.journal", "annotations",
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
            var versionsForgotten = 0
            if let keepingVersions {
                var trimmed: [(key: String, entry: CatalogEntry?)] = []
                try catalog.forEachEntry { key, entry in
                    guard entry.earlier.count > keepingVersions else { return }
                    versionsForgotten += entry.earlier.count - keepingVersions
                    trimmed.append((key, entry.keepingLast(keepingVersions)))
                }
                if !trimmed.isEmpty {
                    try self.catalog.record(contentsOf: trimmed)
                    try self.catalog.compact()
                }
            }
            let named = try NamedBlobs(catalog)
            // A link in the store was planted: gc follows none, and removes nothing until it
            // goes. The same look counts the blobs nothing names, for a partial catalog.
            let loss = self.catalog.partial.reason()
            var links: [String] = []
            var unnamed = 0
            blobs.walk(
                blob: { id, _, _ in if loss != nil && !named.names(id) { unnamed += 1 } }, stray: { _, _ in },
                link: { links.append($0) })
            if let link = linkProblems(links).first {
                throw ReaderError.damaged(what: link.name, reason: link.reason)
            }
            if let loss {
                guard unnamed == 0 else { throw ReaderError.incompleteCatalog(reason: loss, unnamed: unnamed) }
                // Every blob is named again (what was lost was fetched back): the catalog is whole.
                try clearPartialMarker()
            }
            // Before the blobs go: forgetting a document's words needs its text.
            pruneFullText()
            var result = GarbageReport(blobsRemoved: 0, bytesFreed: 0, temporaryFilesRemoved: 0, blobsKept: 0, repacked: nil)
            result.versionsForgotten = versionsForgotten
            try blobs.walk(
                blob: { id, size, _ in
                    if named.names(id) {
                        result.blobsKept += 1
                    } else {
                        try blobs.remove(id)
                        result.blobsRemoved += 1
                        result.bytesFreed += size
                    }
                },
                stray: { path, _ in
                    // With the exclusive lock held no writer is running, so every temporary file is stale.
                    guard path.split(separator: "/").last?.hasPrefix(".tmp-") == true else { return }
                    try FileSystem.remove(path)
                    result.temporaryFilesRemoved += 1
                }, link: { _ in })
            for document in entryTables.documents() where !named.names(document) {
                try entryTables.remove(of: document)
            }
            for document in views.documents() where !named.names(document) {
                try views.remove(of: document)
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
