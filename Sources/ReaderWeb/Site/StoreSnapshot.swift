import ReaderKit

/// What the pages need to know about the whole store, read once per state of the catalog: the
/// stored documents (for the home page) and which RFCs are among them (every RFC reference of
/// every page is a link or a fetch button by this). Made again only when the catalog's stamp
/// changes, that is, when a `reader` process (this one included) has stored or forgotten
/// something.
struct StoreSnapshot: Sendable {
    let stamp: CatalogStamp
    let documents: [Store.Listed]
    let rfcs: StoredRFCs

    init(store: Store) throws {
        // The stamp first: a change while the catalog is read makes the next request read again.
        stamp = store.catalog.stamp
        documents = try store.list()
        rfcs = StoredRFCs(keys: documents.map(\.key))
    }
}
