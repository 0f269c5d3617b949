import Synchronization

/// How many changes this process has made to each store, by its root folder: entries recorded
/// or forgotten in its catalog, records of notes, tags and marks kept. A long-running reader
/// that looks at a store now and then (`reader serve`'s `StoreGlance`) looks again at once after
/// a change of its own.
package enum StoreChanges {
    private static let made = Mutex<[String: Int]>([:])

    /// Counts one change of the store at `root`, once it is made.
    package static func noteOne(in root: String) {
        made.withLock { $0[root, default: 0] += 1 }
    }

    /// The changes this process has made to the store at `root` so far.
    package static func count(in root: String) -> Int {
        made.withLock { $0[root] ?? 0 }
    }
}
