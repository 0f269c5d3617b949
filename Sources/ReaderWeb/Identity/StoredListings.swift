import ReaderKit
import Synchronization

/// What the stored listings say (``ListingFacts``), read once per state of the catalog (a
/// fetched listing changes it) and kept, as the pages that use it are.
enum StoredListings {
    static func current(_ reader: Reader) -> ListingFacts {
        let stamp = reader.catalogStamp
        let root = reader.storeRoot
        if let kept = kept.withLock({ $0 }), kept.root == root, kept.stamp == stamp { return kept.facts }
        let facts = reader.listingFacts()
        kept.withLock { $0 = (root, stamp, facts) }
        return facts
    }

    private static let kept = Mutex<(root: String, stamp: CatalogStamp, facts: ListingFacts)?>(nil)
}
