import Synchronization

/// How many changes this process has made to a store (any store): entries recorded or
/// forgotten in a catalog, records of notes, tags and marks kept. A long-running reader that
/// looks at the store now and then (`reader serve`'s ``StoreGlance``) looks again at once after
/// one of its own.
package enum StoreChanges {
    private static let made = Atomic<Int>(0)

    /// Counts one change, once it is made.
    package static func noteOne() {
        made.add(1, ordering: .releasing)
    }

    package static var count: Int { made.load(ordering: .acquiring) }
}
