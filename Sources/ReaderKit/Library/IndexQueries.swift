import ReaderCatalog
import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// `reader list` and `reader search`: queries over the stored listing (``currentListing()``:
/// the RFC index, or what another module declares), offline.
extension Reader {
    /// The entries of the stored listing, filtered, in its order. Read as the stored document
    /// inflates and no further than needed (``EntryStream``): `--limit 3` reads three entries
    /// of a million, and only the entries kept are held.
    public func list(status: String? = nil, year: Int? = nil, limit: Int? = nil) throws -> [Entry] {
        let keys = try listingRead()
        let wanted = status.map { $0.uppercased().replacingOccurrences(of: "-", with: " ") }
        let prefix = year.map(String.init)
        var known = Set<String>()
        var kept: [Entry] = []
        try forEachEntry(of: keys.listing) { entry in
            if let wanted {
                let status = entry.status?.uppercased()
                if let status { known.insert(status) }
                if (status ?? "") != wanted { return true }
            }
            if let prefix, entry.date?.hasPrefix(prefix) != true { return true }
            // Enough: and a status that matched is one the listing has.
            if let limit, kept.count >= max(0, limit) { return false }
            kept.append(entry)
            return true
        }
        if let status, let wanted, kept.isEmpty, !known.contains(wanted) {
            throw ReaderError.usage(
                "no \(keys.noun) has the status '\(status)'; the \(keys.listing.name) has "
                    + known.sorted().map { "'\($0)'" }.joined(separator: ", "))
        }
        return kept
    }

    /// Entries by relevance to `words` (see ``IndexSearch``): the exact number first, then the
    /// entries that match every word, best first; only when none does, those that match most.
    public func search(_ words: [String], limit: Int? = nil) throws -> [Entry] {
        let keys = try listingRead()
        let query = IndexSearch(words, named: namedEntries(words, describing: keys.listing.describes))
        guard !query.terms.isEmpty else { throw ReaderError.usage("search needs at least one word") }
        let ranked = query.rank(try searchableIndex(keys.listing))
        let shown = limit.map { Array(ranked.prefix(max(0, $0))) } ?? ranked
        var found = try store.indexEntries(shown, of: storedListing(keys.listing))
        // A group's name (`bcp 14`) brings its members first, in the listing's order.
        if let named = namedGroup(words), let group = try groupMembers(named.word, number: named.number),
            group.listing.listing.requestType == keys.listing.requestType, !group.members.isEmpty
        {
            let ids = Set(group.members.map(\.id))
            found = group.members + found.filter { !ids.contains($0.id) }
            if let limit { found = Array(found.prefix(max(0, limit))) }
        }
        return found
    }

    /// The listing `list` and `search` read; "not in the store" when no module declares one.
    private func listingRead() throws -> ListedKeys {
        guard let keys = currentListing() else { throw ReaderError.usage("no module declares a listing to list or search") }
        return keys
    }

    /// ``namedEntries(_:describing:)`` of the listing `search` reads.
    func namedEntries(_ words: [String]) -> [String: String] {
        namedEntries(words, describing: currentListing()?.listing.describes ?? "")
    }

    /// The entries a query names by a shorthand of the documents the listing describes, by
    /// the query word that names each: `rfc793` or `rfc 2119` anywhere in the query, a bare
    /// `793` only as the whole query (the `4` of "network time protocol version 4" names nothing).
    func namedEntries(_ words: [String], describing type: String) -> [String: String] {
        let words = words.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        let tiers = registry.firstIdentifierTiers
        func entry(_ text: String, twoWords: Bool) -> String? {
            guard let reading = try? identified(text, twoWords: twoWords, tiers: tiers), reading.requestType == type
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

    /// Each entry of the stored `listing`, in order, until `body` returns false.
    func forEachEntry(of listing: Listing, _ body: (Entry) throws -> Bool) throws {
        let entry = try storedListing(listing)
        if let document = decoded.withLock({ $0[entry.document] }) {
            for item in document.entries where try !body(item) { return }
            return
        }
        try EntryStream(blobs: store.blobs).forEach(in: entry.document, body)
    }

    /// The stored listing's entries with their words cut, kept for the listing this process
    /// read last: `reader serve` answers every search from them, `reader search` cuts them once.
    func searchableIndex(_ listing: Listing) throws -> IndexSearch.SearchableIndex {
        let index = try storedListing(listing)
        if let kept = searchable.withLock({ $0?.blob == index.document ? $0?.index : nil }) { return kept }
        // One entry at a time as the blob inflates, as `list` reads: never the whole document.
        var entries: [IndexSearch.Searchable] = []
        try forEachEntry(of: listing) { entry in
            entries.append(IndexSearch.Searchable(entry))
            return true
        }
        let searchableIndex = IndexSearch.SearchableIndex(entries)
        searchable.withLock { $0 = (index.document, searchableIndex) }
        return searchableIndex
    }
}
