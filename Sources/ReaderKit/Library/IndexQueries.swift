import ReaderCatalog
import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// `reader list` and `reader search`: queries over the stored index, offline.
extension Reader {
    /// The request type whose document is the index `list` and `search` read.
    public static let indexRequestType = "rfc-index"

    /// The entries of the stored index, filtered, in the index's order. Read as the stored
    /// document inflates and no further than needed (``EntryStream``): `--limit 3` reads three
    /// entries of a million, and only the entries kept are held.
    public func list(status: String? = nil, year: Int? = nil, limit: Int? = nil) throws -> [Entry] {
        let wanted = status.map { $0.uppercased().replacingOccurrences(of: "-", with: " ") }
        let prefix = year.map(String.init)
        var known = Set<String>()
        var kept: [Entry] = []
        try forEachIndexEntry { entry in
            if let wanted {
                let status = entry.status?.uppercased()
                if let status { known.insert(status) }
                if (status ?? "") != wanted { return true }
            }
            if let prefix, entry.date?.hasPrefix(prefix) != true { return true }
            // Enough: and a status that matched is one the index has.
            if let limit, kept.count >= max(0, limit) { return false }
            kept.append(entry)
            return true
        }
        if let status, let wanted, kept.isEmpty, !known.contains(wanted) {
            throw ReaderError.usage(
                "no RFC has the status '\(status)'; the index has " + known.sorted().map { "'\($0)'" }.joined(separator: ", "))
        }
        return kept
    }

    /// Entries by relevance to `words` (see ``IndexSearch``): the exact number first, then the
    /// entries that match every word, best first; only when none does, those that match most.
    public func search(_ words: [String], limit: Int? = nil) throws -> [Entry] {
        let query = IndexSearch(words, named: namedEntries(words))
        guard !query.terms.isEmpty else { throw ReaderError.usage("search needs at least one word") }
        let ranked = query.rank(try searchableIndex())
        let shown = limit.map { Array(ranked.prefix(max(0, $0))) } ?? ranked
        return try store.indexEntries(shown, of: storedIndex())
    }

    /// The index entries a query names by a shorthand of the documents the index describes,
    /// by the query word that names each: `rfc793` or `rfc 2119` anywhere in the query, a bare
    /// `793` only as the whole query (the `4` of "network time protocol version 4" names nothing).
    func namedEntries(_ words: [String]) -> [String: String] {
        let words = words.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        let tiers = registry.firstIdentifierTiers
        func entry(_ text: String, twoWords: Bool) -> String? {
            guard let reading = try? identified(text, twoWords: twoWords, tiers: tiers), reading.requestType == Self.rfcRequestType
            else { return nil }
            return reading.argument
        }
        var named: [String: String] = [:]
        for (index, word) in words.enumerated() {
            if index > 0, tiers.contains(where: { $0.isLead(words[index - 1]) }),
                let id = entry(words[index - 1] + " " + word, twoWords: true)
            {
                named[word] = id
            } else if words.count == 1 || tiers.contains(where: { $0.readsLiterally(word) }), let id = entry(word, twoWords: false) {
                named[word] = id
            }
        }
        return named
    }

    /// The stored index's entry of RFC `number`: one line of its entry table, not the index
    /// decoded. Nil when the index is not stored or has no such entry.
    public func indexEntry(rfc number: Int) throws -> Entry? {
        guard let index = try store.entry(Self.indexRequestKey) else { return nil }
        return try store.indexEntry(String(number), of: index)
    }

    /// Each entry of the stored index, in order, until `body` returns false.
    func forEachIndexEntry(_ body: (Entry) throws -> Bool) throws {
        let entry = try storedIndex()
        if let document = decoded.withLock({ $0[entry.document] }) {
            for item in document.entries where try !body(item) { return }
            return
        }
        try EntryStream(blobs: store.blobs).forEach(in: entry.document, body)
    }

    private func storedIndex() throws -> CatalogEntry {
        let (_, location) = try locate(Self.indexRequestType, "")
        guard let entry = try store.entry(location.key) else {
            throw ReaderError.notStored(key: location.key, command: "reader fetch \(Self.indexRequestType)")
        }
        return entry
    }

    func indexEntries() throws -> [Entry] {
        try document(of: storedIndex()).entries
    }

    /// The stored index's entries with their words cut, kept for the index this process read
    /// last: `reader serve` answers every search from them, `reader search` cuts them once.
    func searchableIndex() throws -> IndexSearch.SearchableIndex {
        let index = try storedIndex()
        if let kept = searchable.withLock({ $0?.blob == index.document ? $0?.index : nil }) { return kept }
        // One entry at a time as the blob inflates, as `list` reads: never the whole document.
        var entries: [IndexSearch.Searchable] = []
        try forEachIndexEntry { entry in
            entries.append(IndexSearch.Searchable(entry))
            return true
        }
        let searchableIndex = IndexSearch.SearchableIndex(entries)
        searchable.withLock { $0 = (index.document, searchableIndex) }
        return searchableIndex
    }
}
