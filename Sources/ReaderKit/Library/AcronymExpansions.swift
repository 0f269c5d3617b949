extension IndexSearch {
    /// The words the titles of an index spell each acronym out as ("Transmission Control
    /// Protocol (TCP)": `tcp` is "transmission control protocol"), learned once from every
    /// title. An acronym the index spells out matches only those words: `tcp` is not "Test
    /// Certificate Policies" nor "Telnet Com Port", though their initials are its letters.
    /// One no title spells out matches any words with its initials, in order.
    struct AcronymExpansions: Sendable {
        /// Each acronym with the words it stands for, joined by a space.
        private let known: [String: Set<String>]

        init(_ entries: [Searchable]) {
            var known: [String: Set<String>] = [:]
            for entry in entries {
                let words = entry.words
                // Only an acronym written in capitals ("(TCP)"): a lower-case word whose
                // letters happen to be initials of others ("in", "on") spells nothing out.
                for (index, span) in words.ownAcronyms where words.isCapitals(index) {
                    known[words.words[index], default: []].insert(span.map { words.words[$0] }.joined(separator: " "))
                }
            }
            self.known = known
        }

        /// Whether `acronym` may stand for `words`: they are what a title spells it out as, or
        /// no title spells it out.
        func allows(_ acronym: String, _ words: [String]) -> Bool {
            guard let expansions = known[acronym] else { return true }
            return expansions.contains(words.joined(separator: " "))
        }
    }
}
