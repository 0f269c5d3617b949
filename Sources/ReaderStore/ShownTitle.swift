import ReaderCatalog
import ReaderPluginAPI

/// The one rule for the title an RFC is shown with, in `open`, `cache ls`, `find`, `refs` and
/// `serve`: the stored index's title where the index has an entry for it with a title, else
/// the title read from the text.
///
/// The index wins because it is the RFC Editor's curated title, the same for every RFC and
/// every reader of it; the text's is read back from a title page that old RFCs lay out in
/// every way (RFC 18 has none, 54 words it otherwise, some are set in capitals). The text's
/// title stays what the document and the catalog store: the rule is applied when a title is
/// shown, so an index stored (or updated) later retitles every RFC already stored.
public enum ShownTitle {
    /// The title to show: the index entry's when it has one (a "Not Issued" entry's is empty),
    /// else `own`, the document's.
    public static func choose(_ own: String?, index entry: Entry?) -> String? {
        if let title = entry?.title, !title.isEmpty { return title }
        return own
    }

    /// The stored index's entry ID for the catalog key of an RFC stored by number (`rfc/793`
    /// → `793`); nil for any other document.
    static func indexID(key: String, source: String) -> String? {
        guard source == "rfc", key.hasPrefix("rfc/"), let number = Int(key.dropFirst(4)), key == "rfc/\(number)" else {
            return nil
        }
        return String(number)
    }
}

extension Store {
    /// The catalog key of the stored RFC index, whose entries title the RFCs.
    package static let rfcIndexKey = "rfc-index"

    /// The title to show for each of `documents` (catalog key, source, own title), by key: the
    /// ``ShownTitle`` rule, the index's entries read in one pass of its entry table. `index`
    /// is the stored index's catalog entry (nil: none stored, every title is the document's).
    package func shownTitles(_ documents: [(key: String, source: String, title: String?)], index: CatalogEntry?) -> [String: String?] {
        var ids: [String: String] = [:]
        for document in documents {
            if let id = ShownTitle.indexID(key: document.key, source: document.source) { ids[document.key] = id }
        }
        var byID: [String: Entry] = [:]
        if let index, !ids.isEmpty {
            // Unreadable index: the documents' own titles, as with none stored.
            for line in (try? indexEntries(Array(Set(ids.values)).sorted(), of: index)) ?? [] { byID[line.id] = line }
        }
        var titles: [String: String?] = [:]
        for document in documents {
            titles[document.key] = ShownTitle.choose(document.title, index: ids[document.key].flatMap { byID[$0] })
        }
        return titles
    }

    /// ``shownTitles(_:index:)`` of catalog entries, the stored index looked up here.
    public func shownTitles(of entries: [(key: String, entry: CatalogEntry)]) -> [String: String?] {
        let index = (try? entry(Self.rfcIndexKey)) ?? nil
        return shownTitles(entries.map { ($0.key, $0.entry.requestType, $0.entry.title) }, index: index)
    }
}
