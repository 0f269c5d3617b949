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
            result.obsoletes = Self.numbers(line.fields["obsoletes"])
            result.updates = Self.numbers(line.fields["updates"])
            result.obsoletedBy = Self.numbers(line.annotations["obsoletedBy"])
            result.updatedBy = Self.numbers(line.annotations["updatedBy"])
        }
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) where key != Self.indexRequestKey {
            guard let document = try? self.document(of: entry) else { continue }
            let cited = Self.numbers(document.extra["references"])
            if key == "rfc/\(number)" {
                result.stored = true
                result.cites = cited
                result.title = result.title ?? document.title
            } else if cited.contains(number) {
                result.citedBy.append(key)
            }
        }
        return result
    }

    static let indexRequestKey = "rfc-index"

    /// The RFC numbers of a JSON array (`[761, "RFC0791"]` alike).
    static func numbers(_ value: JSONValue?) -> [Int] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            switch item {
            case .number(let number): return Int(number)
            case .string(let text): return Int(text.drop { !$0.isNumber })
            default: return nil
            }
        }
    }
}
