import ReaderPluginAPI

/// `reader list` and `reader search`: queries over the stored index, offline.
extension Reader {
    /// The request type whose document is the index `list` and `search` read.
    public static let indexRequestType = "rfc-index"

    /// The entries of the stored index, filtered.
    public func list(status: String? = nil, year: Int? = nil, limit: Int? = nil) throws -> [Entry] {
        var entries = try indexEntries()
        if let status {
            let wanted = status.uppercased().replacingOccurrences(of: "-", with: " ")
            let known = Set(entries.compactMap { $0.status?.uppercased() })
            guard known.contains(wanted) else {
                throw ReaderError.usage(
                    "no RFC has the status '\(status)'; the index has " + known.sorted().map { "'\($0)'" }.joined(separator: ", "))
            }
            entries = entries.filter { ($0.status ?? "").uppercased() == wanted }
        }
        if let year {
            let prefix = String(year)
            entries = entries.filter { $0.date?.hasPrefix(prefix) == true }
        }
        if let limit { entries = Array(entries.prefix(max(0, limit))) }
        return entries
    }

    /// Entries by relevance to `words` (see ``IndexSearch``): the exact number first, then the
    /// entries that match every word, best first; only when none does, those that match most.
    public func search(_ words: [String], limit: Int? = nil) throws -> [Entry] {
        let query = IndexSearch(words)
        guard !query.terms.isEmpty else { throw ReaderError.usage("search needs at least one word") }
        let ranked = query.rank(try indexEntries())
        return limit.map { Array(ranked.prefix(max(0, $0))) } ?? ranked
    }

    func indexEntries() throws -> [Entry] {
        let (_, location) = try locate(Self.indexRequestType, "")
        guard let entry = try store.entry(location.key) else {
            throw ReaderError.notStored(key: location.key, command: "reader fetch \(Self.indexRequestType)")
        }
        return try document(of: entry).entries
    }
}
