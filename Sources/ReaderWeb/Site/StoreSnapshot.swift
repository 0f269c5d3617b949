import ReaderKit

/// What the pages need to know about the whole store, read once per state of the catalog: the
/// counts and the last read (for the home page), and how to ask which keys are stored (every
/// reference of every page is a link or a fetch button by this). Made again only when the
/// catalog's stamp changes, that is, when a `reader` process (this one included) has stored or
/// forgotten something.
struct StoreSnapshot: Sendable {
    let stamp: CatalogStamp
    /// How many documents of each source, and the last read (what the home page shows).
    let counts: [String: Int]
    let recent: [Store.Listed]
    let keys: StoredKeys

    static let recentCount = 20

    init(reader: Reader) throws {
        // The stamp first: a change while the catalog is read makes the next request read again.
        stamp = reader.catalogStamp
        let summary = try reader.storeSummary(recent: Self.recentCount)
        counts = summary.counts
        recent = summary.recent
        let catalog = reader.store.catalog
        keys = StoredKeys { key in (try? catalog.contains(key)) ?? false }
    }

    var total: Int { counts.values.reduce(0, +) }
}
