import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Durability by batch, as git's `core.fsyncMethod=batch`: the blobs of a commit are written
/// under temporary names without a flush each, then one `syncfs` makes their bytes durable,
/// then they are renamed to their names, then a second `syncfs` makes the names durable —
/// before the catalog journal names any of them. Two `syncfs` instead of an `fsync` of each
/// file and of each folder (four a document), and shared: the commits of a bulk fetch that
/// ask at the same moment are covered by one call, as the journal's group commit shares its
/// flush. A `kill -9` never loses what a write put in the page cache, so it finds nothing
/// half-made either way; a power cut finds no name before its bytes and no journal line
/// before its names.
///
/// Linux only: elsewhere ``batches`` is false and each file and folder is flushed as before.
package final class SyncBarrier: @unchecked Sendable {
    #if os(Linux)
    package static let batches = true
    #else
    static let batches = false
    #endif

    /// The folder whose file system is flushed (the store's root).
    let folder: String
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var started = 0
    private var finished = 0
    private var running = false
    private var failure: (flush: Int, error: ReaderError)?
    /// The folder, opened (link-free) at the first flush and kept: a flush names no file and
    /// writes nothing, so any descriptor on the store's file system serves, and opening the
    /// root walked every folder above it from `/` again at every flush (9 calls of a
    /// document's 250 in a mirror). Used by one flush at a time (`running`).
    private var opened: Int32 = -1

    package init(folder: String) {
        self.folder = folder
    }

    deinit {
        if opened >= 0 { close(opened) }
    }

    /// Returns once a flush of the whole file system that began after this call has ended:
    /// everything the caller wrote before calling is durable. Blocks its thread (commits run
    /// off the cooperative pool, `BlockingWork`).
    package func wait() throws {
        guard Self.batches else { return }
        condition.lock()
        defer { condition.unlock() }
        // A flush under way may have begun before the caller's writes: the next one counts.
        let needed = started + 1
        while finished < needed {
            if running {
                condition.wait()
                continue
            }
            running = true
            started += 1
            let mine = started
            condition.unlock()
            let outcome = Result { try flush() }
            condition.lock()
            running = false
            finished = mine
            if case .failure(let error) = outcome { failure = (mine, error as? ReaderError ?? .storage("\(error)")) }
            condition.broadcast()
        }
        if let failure, failure.flush == needed { throw failure.error }
    }

    private func flush() throws {
        #if os(Linux)
        if opened < 0 { opened = try FileSystem.openFolder(folder) }
        guard linuxSyncfs(opened) == 0 else { throw FileSystem.fail("cannot flush the file system of", folder).readerError }
        #endif
    }
}

#if os(Linux)
/// glibc's `syncfs(2)`, which the Glibc module hides (it is declared only under `_GNU_SOURCE`).
@_silgen_name("syncfs")
private func linuxSyncfs(_ fd: Int32) -> Int32
#endif
