import ReaderPluginAPI
import ReaderRendering
import ReaderStore

/// `reader refs N`: what RFC N cites, which stored documents cite it, and the index's
/// obsoletes/updates graph both ways.
public struct RFCReferences: Sendable, Codable, Equatable {
    public var number: Int
    public var title: String?
    /// The RFCs its text mentions (empty when it is not stored).
    public var cites: [Int]
    /// The stored documents whose text mentions it, by catalog key.
    public var citedBy: [String]
    public var obsoletes: [Int]
    public var obsoletedBy: [Int]
    public var updates: [Int]
    public var updatedBy: [Int]
    /// Whether RFC N itself is stored (so `cites` is known).
    public var stored: Bool
    /// The titles of what it cites and what cites it, by catalog key (`rfc/791`), where the
    /// stored index or the catalog knows them.
    public var titles: [String: String] = [:]
    /// Why RFC N has no text to fetch, when the stored index says so: never issued, or not
    /// listed (``Reader/absence(of:)``'s words). Nil when it is issued or no index is stored.
    public var absence: String?
    /// The cited RFCs that have no text to fetch either, by catalog key: `never issued` or
    /// `not in the index` — offered to nobody as something to open.
    public var unavailable: [String: String] = [:]
}

extension RFCReferences {
    /// The words for a cited RFC the stored index marks "Not Issued".
    public static let neverIssued = "never issued"
    /// The words for a cited RFC the stored index does not list.
    public static let notInIndex = "not in the index"
}

extension Reader {
    /// The references of RFC `number`, from the store: its document if stored, every stored
    /// RFC document for who cites it, and its line of the stored index if there is one.
    public func references(of number: Int) throws -> RFCReferences {
        var result = RFCReferences(
            number: number, title: nil, cites: [], citedBy: [], obsoletes: [], obsoletedBy: [], updates: [], updatedBy: [],
            stored: false)
        let entries = try store.catalog.read().entries
        var indexLine: Entry?
        if let index = entries[Self.indexRequestKey], let line = try store.indexEntry(String(number), of: index) {
            indexLine = line
            result.obsoletes = RFCNumbers.in(line.fields["obsoletes"])
            result.updates = RFCNumbers.in(line.fields["updates"])
            result.obsoletedBy = RFCNumbers.in(line.annotations["obsoletedBy"])
            result.updatedBy = RFCNumbers.in(line.annotations["updatedBy"])
        }
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) where key != Self.indexRequestKey {
            guard let document = try? self.document(of: entry) else { continue }
            let cited = RFCNumbers.in(document.extra["references"])
            if key == "rfc/\(number)" {
                result.stored = true
                result.cites = cited
                result.title = document.title
            } else if cited.contains(number) {
                result.citedBy.append(key)
            }
        }
        // The one rule (``ShownTitle``); a "Not Issued" entry's title is empty: no title, rather
        // than `RFC 14: `.
        result.title = ShownTitle.choose(result.title, index: indexLine)
        // Who cites it, titled by the one rule (``ShownTitle``): the index's entries in one pass.
        let citing = result.citedBy.compactMap { key in entries[key].map { (key, $0.requestType, $0.title) } }
        for (key, title) in store.shownTitles(citing, index: entries[Self.indexRequestKey]) {
            if let title { result.titles[key] = title }
        }
        if let index = entries[Self.indexRequestKey] {
            result.absence = absence(of: "rfc/\(number)")
            var unlisted = Set(result.cites)
            for line in try store.indexEntries(result.cites.map(String.init), of: index) {
                let key = "rfc/\(Int(line.id).map(String.init) ?? line.id)"
                unlisted.remove(Int(line.id) ?? 0)
                if line.fields["notIssued"] == .bool(true) {
                    result.unavailable[key] = RFCReferences.neverIssued
                } else {
                    result.titles[key] = line.title
                }
            }
            for cited in unlisted { result.unavailable["rfc/\(cited)"] = RFCReferences.notInIndex }
        }
        return result
    }

    static let indexRequestKey = Store.rfcIndexKey
}
