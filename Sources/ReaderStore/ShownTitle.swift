import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// The one rule for the title a document described by a listing is shown with, in `open`,
/// `cache ls`, `find`, `refs` and `serve`: the entry's title where a stored listing whose
/// titles win (``Listing/titlesWin``: the RFC index, for RFCs) has an entry for it with a
/// title, else the title read from the document.
///
/// The listing's module says why its titles win (a curated title, the same for every reader,
/// over one read back from layouts of every kind). The document's own title stays what the
/// document and the catalog store: the rule is applied when a title is shown, so a listing
/// stored (or updated) later retitles every document already stored.
public enum ShownTitle {
    /// The title to show: the entry's when it has one (an entry naming no document has none),
    /// else `own`, the document's.
    public static func choose(_ own: String?, index entry: Entry?) -> String? {
        if let title = entry?.title, !title.isEmpty { return title }
        return own
    }
}

extension Store {
    /// Which stored listing's entry titles each of some keys: by key, the listing's catalog
    /// key and the entry's id. The façade makes it from what the modules declare.
    package typealias TitleSources = ([String]) -> [String: (listing: String, id: String)]

    /// The title to show for each of `documents` (catalog key, own title), by key: the
    /// ``ShownTitle`` rule, where `listed` names the listing (its catalog entry) and the entry
    /// that describe a document; each listing's entries read in one pass of its entry table.
    package func shownTitles(
        _ documents: [(key: String, title: String?)], listed: [String: (listing: CatalogEntry, id: String)]
    ) -> [String: String?] {
        var byListing: [BlobID: (listing: CatalogEntry, ids: Set<String>)] = [:]
        for (_, place) in listed { byListing[place.listing.document, default: (place.listing, [])].ids.insert(place.id) }
        var entries: [BlobID: [String: Entry]] = [:]
        for (blob, group) in byListing {
            // An unreadable listing: the documents' own titles, as with none stored.
            for line in (try? indexEntries(group.ids.sorted(), of: group.listing)) ?? [] { entries[blob, default: [:]][line.id] = line }
        }
        var titles: [String: String?] = [:]
        for document in documents {
            let entry = listed[document.key].flatMap { entries[$0.listing.document]?[$0.id] }
            titles[document.key] = ShownTitle.choose(document.title, index: entry)
        }
        return titles
    }

    /// ``shownTitles(_:listed:)`` of catalog entries, as `sources` places them, the listings
    /// looked up in `catalog` (the catalog's entries, when read already) or else in the store.
    package func shownTitles(
        _ documents: [(key: String, title: String?)], sources: TitleSources, catalog: [String: CatalogEntry]? = nil
    ) -> [String: String?] {
        var listings: [String: CatalogEntry?] = [:]
        let listed = sources(documents.map(\.key)).compactMapValues { place -> (listing: CatalogEntry, id: String)? in
            if listings[place.listing] == nil {
                listings[place.listing] = catalog.map { $0[place.listing] } ?? ((try? entry(place.listing)) ?? nil)
            }
            return (listings[place.listing] ?? nil).map { ($0, place.id) }
        }
        return shownTitles(documents, listed: listed)
    }
}
