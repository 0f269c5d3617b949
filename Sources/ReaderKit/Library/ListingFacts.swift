import ReaderPluginAPI

/// What the stored listings say of the documents they describe, read whole once: which they
/// list, which their entries mark as naming no document, and their last entries — so that a
/// page of a thousand references asks each in memory. A page offers to fetch only what a
/// listing does not rule out: RFC 14, "Not Issued", or RFC 99999, past the index's end, has
/// no text anywhere, and a fetch button for it would only fail.
public struct ListingFacts: Sendable {
    struct Known: Sendable {
        let keys: ListedKeys
        let listed: Set<String>
        let marked: Set<String>
        /// How the last entry is named (`RFC 9829`).
        let last: String
    }

    let known: [Known]

    /// No listing stored: nothing is known, every document may be fetched (its source says).
    public static let none = ListingFacts(known: [])

    /// Why the document of `key` cannot be fetched, in `reader open`'s words; nil when it may
    /// be, or no stored listing describes it.
    public func absence(ofKey key: String) -> String? {
        state(ofKey: key).map { $0.known.keys.absence(label: $0.label, marked: $0.marked, last: $0.known.last) }
    }

    /// The short form a reference's tooltip gives.
    public func shortAbsence(ofKey key: String) -> String? {
        state(ofKey: key).map { $0.known.keys.shortAbsence(label: $0.label, marked: $0.marked, last: $0.known.last) }
    }

    private func state(ofKey key: String) -> (known: Known, label: String, marked: Bool)? {
        for known in self.known {
            guard let id = known.keys.id(ofKey: key) else { continue }
            if known.marked.contains(id) { return (known, known.keys.label(ofID: id), true) }
            return known.listed.contains(id) ? nil : (known, known.keys.label(ofID: id), false)
        }
        return nil
    }
}

extension Reader {
    /// What every stored listing says of the documents it describes (the plugin path's
    /// listings too: a site shows every module's documents).
    public func listingFacts() -> ListingFacts {
        var known: [ListingFacts.Known] = []
        for keys in listings {
            var listed = Set<String>()
            var marked = Set<String>()
            var end = ListingEnd()
            // A listing not stored, or unreadable, says nothing.
            guard
                (try? forEachEntry(of: keys.listing) { entry in
                    if keys.marks(entry) { marked.insert(entry.id) } else { listed.insert(entry.id) }
                    end.add(entry.id)
                    return true
                }) != nil
            else { continue }
            known.append(.init(keys: keys, listed: listed, marked: marked, last: keys.label(ofID: end.id ?? "")))
        }
        return ListingFacts(known: known)
    }
}
