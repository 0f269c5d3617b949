import ReaderPluginAPI

/// Turns records into entries. Made once per parse: it lays out the keys of an entry's JSON
/// once, and each entry's dictionaries are made from that layout with `mapValues`, which keeps
/// the hash table as it is. So no key is hashed per entry; hashing 13 keys for each of ~10,000
/// entries was otherwise the largest single cost of reading the index.
struct EntryMaker {
    /// The keys of `reader list --json`, in the contract's order.
    enum Field: Int, CaseIterable {
        case number, title, authors, date, status, doi, obsoletes, obsoletedBy, updates, updatedBy, also
        case formats, notIssued

        var key: String {
            switch self {
            case .number: "number"
            case .title: "title"
            case .authors: "authors"
            case .date: "date"
            case .status: "status"
            case .doi: "doi"
            case .obsoletes: "obsoletes"
            case .obsoletedBy: "obsoletedBy"
            case .updates: "updates"
            case .updatedBy: "updatedBy"
            case .also: "also"
            case .formats: "formats"
            case .notIssued: "notIssued"
            }
        }
    }

    /// Each key maps to its ``Field`` raw value, to be replaced by the entry's value.
    private let fieldLayout: [String: JSONValue]
    private let annotationLayout: [String: JSONValue]
    /// The annotations of the many RFCs that nothing obsoletes or updates, shared.
    private let noAnnotations: [String: JSONValue]
    /// The JSON of format lists, which the reader shares between entries, made once each.
    private var formatLists: [(formats: [String], json: JSONValue)] = []

    init() {
        fieldLayout = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.key, JSONValue($0.rawValue)) })
        annotationLayout = Dictionary(
            uniqueKeysWithValues: [Field.obsoletedBy, .updatedBy].map { ($0.key, JSONValue($0.rawValue)) })
        noAnnotations = annotationLayout.mapValues { _ in JSONValue([Int]()) }
    }

    /// The entry `reader list`, `search` and the RFC banner read.
    mutating func entry(_ record: IndexRecord) -> Entry {
        let values = Values(record, formats: formatsJSON(record.formats))
        let related = !record.obsoletedBy.rfcs.isEmpty || !record.updatedBy.rfcs.isEmpty
        return Entry(
            id: String(record.number),
            title: record.title,
            authors: record.authors,
            date: record.date,
            status: record.status,
            notices: record.notices,
            annotations: related ? annotationLayout.mapValues { values[$0] } : noAnnotations,
            fields: fields(values)
        )
    }

    private mutating func formatsJSON(_ formats: [String]) -> JSONValue {
        if let known = formatLists.first(where: { $0.formats == formats }) { return known.json }
        let json = JSONValue(formats)
        if formatLists.count < RepeatedValues.limit { formatLists.append((formats, json)) }
        return json
    }

    /// The contract's JSON object for `reader list --json`, and what the index has besides.
    private func fields(_ values: Values) -> [String: JSONValue] {
        let record = values.record
        var fields = fieldLayout.mapValues { values[$0] }
        // The contract's relation arrays hold RFC numbers only; the few documents outside the
        // series (IEN, NIC, RTR notes) go beside them rather than being dropped.
        if !record.obsoletes.others.isEmpty { fields["obsoletesOther"] = JSONValue(record.obsoletes.others) }
        if !record.obsoletedBy.others.isEmpty { fields["obsoletedByOther"] = JSONValue(record.obsoletedBy.others) }
        if !record.updates.others.isEmpty { fields["updatesOther"] = JSONValue(record.updates.others) }
        if !record.updatedBy.others.isEmpty { fields["updatedByOther"] = JSONValue(record.updatedBy.others) }
        if !record.otherGroups.isEmpty { fields["otherGroups"] = JSONValue(record.otherGroups) }
        return fields
    }

    /// An entry's values for the layouts' slots; the JSON of a relation is made once for both
    /// the fields and the annotations.
    private struct Values {
        let record: IndexRecord
        let formats: JSONValue
        let obsoletedBy: JSONValue
        let updatedBy: JSONValue

        init(_ record: IndexRecord, formats: JSONValue) {
            self.record = record
            self.formats = formats
            obsoletedBy = .array(record.obsoletedBy.rfcs)
            updatedBy = .array(record.updatedBy.rfcs)
        }

        subscript(slot: JSONValue) -> JSONValue {
            guard case .number(let raw) = slot, let field = Field(rawValue: Int(raw)) else { return .null }
            switch field {
            case .number: return JSONValue(record.number)
            case .title: return .string(record.title)
            case .authors: return JSONValue(record.authors)
            case .date: return JSONValue(record.date)
            case .status: return JSONValue(record.status)
            case .doi: return JSONValue(record.doi)
            case .obsoletes: return .array(record.obsoletes.rfcs)
            case .obsoletedBy: return obsoletedBy
            case .updates: return .array(record.updates.rfcs)
            case .updatedBy: return updatedBy
            case .also: return JSONValue(record.also)
            case .formats: return formats
            case .notIssued: return .bool(record.notIssued)
            }
        }
    }
}
