import ReaderPluginAPI

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
}

extension Reader {
    /// The references of RFC `number`, from the store: its document if stored, every stored
    /// RFC document for who cites it, and its line of the stored index if there is one.
    public func references(of number: Int) throws -> RFCReferences {
        var result = RFCReferences(
            number: number, title: nil, cites: [], citedBy: [], obsoletes: [], obsoletedBy: [], updates: [], updatedBy: [],
            stored: false)
        let entries = try store.catalog.read().entries
        if let index = entries[Self.indexRequestKey], let line = try store.indexEntry(String(number), of: index) {
            result.title = line.title
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
                result.title = result.title ?? document.title
            } else if cited.contains(number) {
                result.citedBy.append(key)
                if let title = entry.title { result.titles[key] = title }
            }
        }
        if let index = entries[Self.indexRequestKey] {
            for line in try store.indexEntries(result.cites.map(String.init), of: index) { result.titles["rfc/\(line.id)"] = line.title }
        }
        return result
    }

    static let indexRequestKey = "rfc-index"
}
