import ReaderPluginAPI

/// Why a document its source does not have is missing, as far as a stored listing can say: a
/// fetch that finds nothing names it, so that `reader open 99999` does not read as a broken
/// mirror or network.
extension Reader {
    /// For a key nothing was found at, which a declared listing describes: that its entry marks
    /// it as naming no document (never issued), or that the stored listing ends before it (a
    /// listing older than the document, or a number not yet given). Nil when the listing is not
    /// stored, lists the document, or no listing describes the key.
    func absence(of key: String) -> String? {
        guard let described = describingEntries([key], where: { _ in true })[key],
            let listing = try? storedListing(described.keys.listing)
        else { return nil }
        let keys = described.keys
        let label = keys.label(ofID: described.id)
        if let entry = (try? store.indexEntry(described.id, of: listing)) ?? nil {
            return keys.marks(entry) ? keys.absence(label: label, marked: true, last: "") : nil
        }
        var last = ListingEnd()
        try? forEachEntry(of: keys.listing) { entry in
            last.add(entry.id)
            return true
        }
        return keys.absence(label: label, marked: false, last: keys.label(ofID: last.id ?? ""))
    }
}

/// The last entry of a listing, as a person would name it: the highest number when every id is
/// a number (the RFC index lists a few out of order), else the last listed.
struct ListingEnd {
    private var highest: Int?
    private var lastListed: String?
    private var numeric = true

    mutating func add(_ id: String) {
        lastListed = id
        if numeric, let number = Int(id) { highest = max(highest ?? number, number) } else { numeric = false }
    }

    var id: String? { numeric ? highest.map(String.init) : lastListed }
}
