import ReaderCatalog
import ReaderSupport

/// A commit staged and not yet finished (``Store/stage(key:raw:document:pictures:keepVersions:entry:)``):
/// its blobs under temporary names, its document in the index, its entry made. It holds
/// `writers.lock` shared, so that `gc` removes none of its temporary files, and the incoming
/// blobs whose files it may name, until it is finished (``Store/finish(_:)``) or dropped —
/// dropped unfinished, its temporary files go, and nothing of it is in the catalog.
///
/// Handed from the thread that staged it to the one that finishes it: used by one at a time.
package final class PendingCommit: @unchecked Sendable {
    let placing: Store.Placing
    /// Its document's place in the index: written, or still to write (``Store/indexIfLater(_:)``).
    var index: IndexState
    let documentBlob: BlobID
    /// The compressed bytes its blobs take.
    package let written: Int
    private var lock: FileLock?
    private var blobs: [IncomingBlob]

    init(placing: Store.Placing, index: IndexState, documentBlob: BlobID, written: Int, lock: FileLock, blobs: [IncomingBlob]) {
        self.placing = placing
        self.index = index
        self.documentBlob = documentBlob
        self.written = written
        self.lock = lock
        // What they kept in memory is in their staged files now; a bulk fetch keeps a batch
        // of pending commits, and each held its document's bytes twice.
        for blob in blobs { blob.dropKeptBytes() }
        self.blobs = blobs
    }

    /// The entry the commit records.
    package var entry: CatalogEntry { placing.entry }

    /// Whether the index held an older version of the key, to take out once the entry is in.
    var replaces: Bool {
        if case .written(let replaces) = index { return replaces }
        return false
    }

    /// The document still to write into the index, if it is.
    var unindexed: Store.UnindexedDocument? {
        if case .later(let document) = index { return document }
        return nil
    }

    /// The bytes of words it keeps in memory until its document is in the index.
    package var unindexedBytes: Int { unindexed?.wordBytes ?? 0 }

    /// Lets go of its own hold of `writers.lock`, once another of this process covers it (its
    /// batch's): a batch of staged commits held a descriptor each.
    func letGoOfLock() {
        lock = nil
    }

    /// Lets go of its temporary files (those not named) and of the lock.
    func letGo() {
        for blob in blobs { blob.discard() }
        blobs = []
        lock = nil
    }

    deinit { letGo() }
}

/// Where a staged commit's document stands with the index.
enum IndexState: Sendable {
    /// In; `replaces`: the index held another version of the key, to retire once the entry is in.
    case written(replaces: Bool)
    /// Cut into words, to be written before the commit names anything.
    case later(Store.UnindexedDocument)
}
