import DocumentJSON
import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// The store on disk, as the contract lays it out: `objects/` (blobs) and `catalog.json`.
///
/// Writing follows one order, so that a process killed at any instant leaves nothing
/// half-done: blobs first (each whole under its name or not at all), the catalog entry
/// naming them last. Writers hold `writers.lock` shared from the first blob to the catalog
/// commit; `gc` holds it exclusively, so it never deletes a blob a commit is about to name.
public struct Store: Sendable {
    public let root: String
    public let blobs: BlobStore
    public let catalog: CatalogFile
    package let entryTables: EntryTable
    package let views: ViewCache
    package let fullText: FullTextIndex
    /// The documents being stored at the same moment go into the index in one transaction.
    let indexing = GroupCommit<(document: FullTextIndex.Connection.PreparedDocument, newStore: Bool), Set<String>>()
    /// The commits ending at the same moment name their blobs and record their entries together.
    let ending = GroupCommit<Placing, Void>()
    package let writersLockPath: String
    /// Durability by batch for the blobs of the commits of this process (``SyncBarrier``).
    let barrier: SyncBarrier
    /// The secrets no blob and no catalog entry may hold.
    public let secrets: SecretFilter

    public init(root: String, secrets: SecretFilter = .none) {
        self.secrets = secrets
        // Links above the store (where the user keeps it) are resolved here, once; inside it,
        // none is ever followed (`FileSystem`).
        let root = FileSystem.canonical(root)
        self.root = root
        FileSystem.keepOpen(root)
        blobs = BlobStore(folder: root + "/objects")
        catalog = CatalogFile(root: root)
        entryTables = EntryTable(folder: root + "/entries")
        views = ViewCache(folder: root + "/views")
        fullText = FullTextIndex(folder: root + "/fulltext")
        writersLockPath = root + "/writers.lock"
        barrier = SyncBarrier(folder: root)
    }

    /// The entry for `key`, if stored.
    public func entry(_ key: String) throws -> CatalogEntry? {
        try catalog.entry(key)
    }

    /// A blob to be written as its bytes come (a download): see ``IncomingBlob``.
    package func incoming() throws -> IncomingBlob {
        try prepare()
        return IncomingBlob(blobs: blobs, writersLock: writersLockPath, secrets: secrets)
    }

    /// Stores the raw bytes and the parsed document of `key` and records them in the catalog.
    /// Returns the entry as committed and the number of compressed bytes newly written.
    /// The entry replaced is kept as an earlier version when its bytes differ, unless
    /// `keepVersions` is false (a listing: ``CatalogVersion``).
    public func commit(
        key: String, raw: [UInt8], document: Document, keepVersions: Bool = true,
        entry makeEntry: (BlobID, BlobID) -> CatalogEntry
    ) throws -> (entry: CatalogEntry, written: Int) {
        let incoming = try incoming()
        try incoming.write(raw)
        return try commit(key: key, raw: incoming, document: document, keepVersions: keepVersions, entry: makeEntry)
    }

    /// ``commit(key:raw:document:entry:)`` of raw bytes already written as they came. The
    /// document's JSON is written in pieces too: neither is ever whole in memory as bytes.
    ///
    /// `pictures` are the blobs of the pictures the document names (fetched beside it, each
    /// once): placed with the two, and named by the entry (``CatalogEntry/pictures``).
    package func commit(
        key: String, raw: IncomingBlob, document: Document, pictures: [IncomingBlob] = [], keepVersions: Bool = true,
        entry makeEntry: (BlobID, BlobID) -> CatalogEntry
    ) throws -> (entry: CatalogEntry, written: Int) {
        let pending = try stage(
            key: key, raw: raw, document: document, pictures: pictures, keepVersions: keepVersions, entry: makeEntry)
        try finish(pending)
        return (pending.entry, pending.written)
    }

    /// A commit but its last step: the blobs staged under temporary names, the document in the
    /// index, the entry made — for ``finish(_:)`` now, or for a bulk fetch's next batch
    /// (``CommitBatches``). The pending commit holds `writers.lock` until it is finished or
    /// dropped, and its blobs with it.
    ///
    /// `indexLater`: the document is cut into words but not written into the index; the pending
    /// commit carries it, for its batch to write before naming anything (``CommitBatches``).
    package func stage(
        key: String, raw: IncomingBlob, document: Document, pictures: [IncomingBlob] = [], keepVersions: Bool = true,
        indexLater: Bool = false, replacing: Replaced = .lookedUp, entry makeEntry: (BlobID, BlobID) -> CatalogEntry
    ) throws -> PendingCommit {
        let incoming = [raw] + pictures
        var handedOver = false
        defer { if !handedOver { for blob in incoming { blob.discard() } } }
        let encoded = try self.incoming()
        defer { if !handedOver { encoded.discard() } }
        var starts: [Int] = []
        var entries = EntryTable.Written()
        DocumentCodec.write(
            document, blockStarts: { starts.append($0) }, entryWritten: { entries.append($0) }
        ) { encoded.append($0) }
        let blockStarts = starts
        try encoded.finish()
        if raw.carriesSecret || encoded.carriesSecret || pictures.contains(where: \.carriesSecret) { throw secrets.refusal(key) }
        let writtenEntries = entries
        let lock = try writersLock()
        let documentBlob = try encoded.finish()
        let newStore = !fullText.existsOrExisted && ((try? catalog.read().entries.isEmpty) ?? false)
        let tables = entryTables
        // Derived data, made while the blobs are deflated (``IncomingBlob/stage(_:alongside:)``):
        // the entry table (without it, the entry lookup reads the document instead) and the
        // document's place in the index. The index is told before the catalog and after it
        // (`FullTextIndex.Connection.add`): whenever a process is killed, it holds what the
        // catalog names — and perhaps a version the catalog never named, which `find` skips
        // and `gc` takes out, as it does after a kill between the index and the catalog.
        let (staged, indexed) = try IncomingBlob.stage([raw, encoded] + pictures) { [self] () throws -> IndexState in
            if !document.entries.isEmpty { _ = try? tables.write(document.entries, json: writtenEntries, of: documentBlob) }
            let unindexed = UnindexedDocument(document, key: key, blob: documentBlob, blockStarts: blockStarts, newStore: newStore)
            if indexLater { return .later(unindexed) }
            return .written(replaces: try index([unindexed]).contains(key))
        }
        var entry = makeEntry(try raw.finish(), documentBlob)
        let pictureBlobs = try pictures.map { try $0.finish() }
        entry.pictures = pictureBlobs.isEmpty ? nil : pictureBlobs
        // The entry replaced becomes an earlier version. Read here or by the caller a moment
        // before (``Replaced``), not under the catalog's lock: two processes storing one key at
        // the same instant may each miss the other's content (the later one's entry wins, as
        // it always has).
        let previous: CatalogEntry? =
            switch replacing {
            case .lookedUp: (try? catalog.entry(key)) ?? nil
            case .read(let entry): entry
            }
        entry = keepVersions ? entry.keeping(previous) : entry.withoutVersions
        handedOver = true
        return PendingCommit(
            placing: Placing(staged: staged, key: key, entry: entry), index: indexed, documentBlob: documentBlob,
            written: staged.reduce(0) { $0 + $1.size }, lock: lock, blobs: [raw, encoded] + pictures)
    }

    /// A staged commit's last step, at once: its blobs named, then its entry recorded, with
    /// the commits of this process ending at the same moment (``placeAndRecord(_:)``).
    package func finish(_ pending: PendingCommit) throws {
        defer { pending.letGo() }
        try indexIfLater([pending])
        try placeAndRecord(pending.placing)
        if pending.replaces { retire(pending.placing.key, keeping: pending.documentBlob) }
    }

    /// Writes into the index the documents of `commits` staged to be indexed later, all in one
    /// transaction; each commit then knows whether the index held another version of its key.
    func indexIfLater(_ commits: [PendingCommit]) throws {
        let later = commits.compactMap { commit in commit.unindexed.map { (commit, $0) } }
        guard !later.isEmpty else { return }
        let older = try index(later.map(\.1))
        for (commit, _) in later { commit.index = .written(replaces: older.contains(commit.placing.key)) }
    }

    /// The last step of many staged commits, as one: the documents staged to be indexed later
    /// into the index in one transaction, then one flush of all their blobs' bytes, the
    /// renames, one flush of the names, one journal write and its flush (``CommitBatches``).
    package func finish(_ batch: [PendingCommit]) throws {
        defer { for pending in batch { pending.letGo() } }
        try indexIfLater(batch)
        try placeAndRecordNow(batch.map(\.placing))
        for pending in batch where pending.replaces { retire(pending.placing.key, keeping: pending.documentBlob) }
    }

    /// Stores an entry made elsewhere (pulled from a remote) with its blobs' files, staged and
    /// checked against their names as they came (``PulledBlob``): each placed as a fetch places
    /// it, then the entry recorded — unless the catalog holds a newer fetch of the key, or an
    /// entry of another source (a remote's `rfc/793` made by `tweets` replaces nothing), which
    /// is kept; the document goes into
    /// the full-text index first, as a fetched one does. Under the writers
    /// lock, so that `gc` cannot remove a blob between its placing and the entry naming it.
    /// Returns whether the entry was recorded and the bytes written.
    package func adopt(
        key: String, entry: CatalogEntry, staged pulled: [BlobID: BlobStore.StagedBlob]
    ) throws -> (recorded: Bool, written: Int) {
        try prepare()
        return try withWritersLock {
            var staged: [BlobStore.StagedBlob] = []
            for id in Set(entry.blobs) {
                if let blob = pulled[id] {
                    if !(blobs.contains(id) && blobs.isIntact(id)) { staged.append(blob) }
                } else if !blobs.contains(id) {
                    throw ReaderError.damaged(what: "blob \(id)", reason: "missing")
                }
            }
            try place(staged)
            let written = staged.reduce(0) { $0 + $1.size }
            let existing = (try? catalog.entry(key)) ?? nil
            if let existing, !existing.isReplaced(by: entry) || existing.requestType != entry.requestType {
                return (false, written)
            }
            // The newer fetch, with the versions of both (``CatalogEntry/merged(_:_:)``).
            let merged = existing.map { CatalogEntry.merged($0, entry) } ?? entry
            // Indexed before the catalog names it, as `commit` does: the index never lacks a
            // stored document. Only versions came when the current document stays.
            var replaces = false
            if merged.document != existing?.document {
                let newStore = !fullText.existsOrExisted && ((try? catalog.read().entries.isEmpty) ?? false)
                let placed = try placedDocument(ofBlob: merged.document)
                replaces = try index(
                    placed.document, key: key, blob: merged.document, blockStarts: placed.blockStarts, newStore: newStore)
            }
            let recorded = try catalog.update(key) { current -> Bool in
                if let existing = current, !existing.isReplaced(by: entry) || existing.requestType != entry.requestType { return false }
                current = current.map { CatalogEntry.merged($0, entry) } ?? entry
                return true
            }
            if recorded && replaces { retire(key, keeping: merged.document) }
            return (recorded, written)
        }
    }

    /// A commit's last step: its blobs to name, then its entry to record. Handed to whichever
    /// commit's thread writes the group, while its own waits for that: used by one at a time.
    struct Placing: @unchecked Sendable {
        var staged: [BlobStore.StagedBlob]
        var key: String
        var entry: CatalogEntry
    }

    /// Names the blobs of the commits ending at the same moment and records their entries, all
    /// at once (``GroupCommit``): one flush of the blobs' bytes, the renames, one flush of the
    /// names, then one journal write and its flush — three waits for a group of commits, where
    /// each commit waited on three of its own (a mirror of 1,067 RFCs made 2,010 `syncfs` and
    /// 1,013 `fsync` calls, each a round trip to the disk). The order is each commit's, as it
    /// was: no name before its bytes are durable, no entry before its names are.
    func placeAndRecord(_ placing: Placing) throws {
        try ending.commit(placing) { try placeAndRecordNow($0) }
    }

    /// Names the blobs of `group`, then records its entries: three flushes for all.
    private func placeAndRecordNow(_ group: [Placing]) throws {
        try place(group.flatMap(\.staged))
        try catalog.record(contentsOf: group.map { ($0.key, $0.entry) })
    }

    /// Gives staged blobs their names durably, before anything may name them: by batch, one
    /// shared flush of their bytes, the renames, one shared flush of the names (``SyncBarrier``).
    func place(_ staged: [BlobStore.StagedBlob]) throws {
        guard !staged.isEmpty else { return }
        try barrier.wait()
        for blob in staged { try blob.publish() }
        try barrier.wait()
    }

    /// Records a revalidation (a 304): the stored blobs stay, the fetch time moves.
    public func touch(key: String, fetchedAt: String) throws {
        // Under the writers lock like every catalog write: a journal compaction writes a
        // temporary file beside `catalog.json`, which `gc` would otherwise take for a stale one.
        try withWritersLock { try catalog.update(key) { $0?.fetchedAt = fetchedAt } }
    }

    /// Folds the catalog journal into `catalog.json`: called once at the end of a command that
    /// stored something, so that `catalog.json` alone is the whole catalog between commands.
    public func compactCatalog() throws {
        guard FileSystem.exists(root) else { return }
        try withWritersLock { try catalog.compact() }
    }

    /// The parsed document stored for `entry`.
    public func document(of entry: CatalogEntry) throws -> Document {
        let bytes = try blobs.get(entry.document)
        do {
            return try DocumentCodec.decode(bytes)
        } catch {
            throw ReaderError.damaged(what: "document blob \(entry.document)", reason: "not a document")
        }
    }

    /// Entry `id` of the stored document `entry`, read from its entry table when there is one.
    public func indexEntry(_ id: String, of entry: CatalogEntry) throws -> Entry? {
        switch entryTables.entry(id, of: entry.document) {
        case .found(let found): return found
        case .absent: return nil
        case .unavailable:
            let document = try document(of: entry)
            try? entryTables.write(document.entries, of: entry.document)
            return document.entries.first { $0.id == id }
        }
    }

    /// Entries `ids` of the stored document `entry`, in the order given (an ID it lacks is left
    /// out): the entry table mapped once for all of them, or the document when there is none.
    package func indexEntries(_ ids: [String], of entry: CatalogEntry) throws -> [Entry] {
        if let table = entryTables.mapped(entry.document) {
            var found: [Entry] = []
            var usable = true
            for id in ids where usable {
                switch table.json(of: id) {
                case .json(let json):
                    if let decoded = try? DocumentCodec.decodeEntry(json) { found.append(decoded) } else { usable = false }
                case .absent: continue
                case .unusable: usable = false
                }
            }
            if usable { return found }
        }
        let document = try document(of: entry)
        try? entryTables.write(document.entries, of: entry.document)
        let byID = Dictionary(document.entries.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return ids.compactMap { byID[$0] }
    }

    /// The raw bytes stored for `entry`.
    public func raw(of entry: CatalogEntry) throws -> [UInt8] {
        try blobs.get(entry.raw)
    }

    /// Makes the store's folder and its `objects/` when they are not there yet: the first
    /// write into a store, a fetch's or a pull's, starts here.
    package func prepare() throws {
        // Nearly always there: one `lstat` says so (a link named `objects` is no folder, and
        // goes the walk's way, refused), where the walk took six calls, twice a document.
        if FileSystem.isFolderInRoot(root, "objects") { return }
        do {
            try FileSystem.makeFolders(blobs.folder)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        } catch {
            throw ReaderError.storage("\(error)")
        }
    }

    /// `writers.lock`, held until the lock is let go.
    func writersLock(_ mode: FileLock.Mode = .shared) throws -> FileLock {
        do {
            return try FileLock(path: writersLockPath, mode: mode)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    func withWritersLock<T>(_ mode: FileLock.Mode = .shared, _ body: () throws -> T) throws -> T {
        let lock = try writersLock(mode)
        return try withExtendedLifetime(lock) { try body() }
    }
}
