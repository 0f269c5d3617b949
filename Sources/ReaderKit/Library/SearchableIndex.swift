import ReaderPluginAPI

extension IndexSearch {
    /// The entries of an index with, for each word of a title or an author's name, the entries
    /// that have it: a query ranks the entries its words can match, not all ten thousand. Kept
    /// by `reader serve` for every search of the same stored index.
    final class SearchableIndex: Sendable {
        let entries: [Searchable]
        /// Every word of a title, and of an author's name, with the entries (by position) it is in.
        private let titlePostings: [String: [Int32]]
        private let authorPostings: [String: [Int32]]
        /// The distinct title words, sorted: the words a prefix begins are a range of them.
        private let titleWords: [String]
        /// Each entry's initials of its title's words, as UTF-8: an acronym's letters are among
        /// them in order (a quick test before the whole rule).
        private let initials: [[UInt8]]
        private let positions: [String: Int32]
        /// The words the titles spell each acronym out as, learned once.
        let expansions: AcronymExpansions
        /// The entries each entry updates, and those that obsolete it, by position.
        let updates: [[Int32]]
        let obsoletedBy: [[Int32]]
        /// For an obsoleted entry, the current entries that obsolete it, directly or through
        /// others ("Datagram Transport Layer Security" of 2006: the DTLS 1.3 of 2022).
        let current: [Int32: [Int32]]

        init(_ entries: [Searchable]) {
            self.entries = entries
            expansions = AcronymExpansions(entries)
            var titles: [String: [Int32]] = [:]
            var authors: [String: [Int32]] = [:]
            var positions: [String: Int32] = [:]
            for (index, entry) in entries.enumerated() {
                let position = Int32(index)
                positions[entry.id] = positions[entry.id] ?? position
                for word in Set(entry.words.words) { titles[word, default: []].append(position) }
                for word in Set(entry.authorWords) { authors[word, default: []].append(position) }
            }
            titlePostings = titles
            authorPostings = authors
            self.positions = positions
            titleWords = titles.keys.sorted()
            initials = entries.map { Array($0.words.spelledInitials.utf8) }
            updates = entries.map { $0.updates.compactMap { positions[$0] } }
            let obsoletedBy = entries.map { $0.obsoletedBy.compactMap { positions[$0] } }
            self.obsoletedBy = obsoletedBy
            var current: [Int32: [Int32]] = [:]
            for (index, entry) in entries.enumerated() where entry.isObsoleted {
                // Along the RFCs that obsolete it to those nothing obsoletes (the index's lists
                // go forward in time; the seen set guards against a list that loops).
                var seen: Set<Int32> = [Int32(index)]
                var next = obsoletedBy[index]
                var found: [Int32] = []
                while let position = next.popLast() {
                    guard seen.insert(position).inserted else { continue }
                    if entries[Int(position)].isObsoleted { next += obsoletedBy[Int(position)] } else { found.append(position) }
                }
                if !found.isEmpty { current[Int32(index)] = found.sorted() }
            }
            self.current = current
        }

        /// How many of `matched` (the entries a query matches, by position) update each entry,
        /// counting for an RFC those that update the RFCs it obsoletes: it took their place.
        func updatedBy(_ matched: [Int]) -> [Int: Int] {
            var direct: [Int: Int] = [:]
            for position in matched {
                for updated in updates[position] { direct[Int(updated), default: 0] += 1 }
            }
            var counts = direct
            for (position, count) in direct {
                for successor in obsoletedBy[position] { counts[Int(successor), default: 0] += count }
            }
            return counts
        }

        /// The entries a query may match (supersets: `relevance` decides): those each of its
        /// words may match, and those any may; with the entries its numbers name in both.
        func candidates(_ query: IndexSearch) -> Candidates {
            var some = [Bool](repeating: false, count: entries.count)
            var every = [Int](repeating: 0, count: entries.count)
            for (term, acronym) in zip(query.terms, query.acronyms) {
                var chosen = [Bool](repeating: false, count: entries.count)
                for position in (titlePostings[term] ?? []) + (authorPostings[term] ?? []) { chosen[Int(position)] = true }
                if term.count >= 3 {
                    var index = lowerBound(term)
                    while index < titleWords.count, titleWords[index].hasPrefix(term) {
                        for position in titlePostings[titleWords[index]] ?? [] { chosen[Int(position)] = true }
                        index += 1
                    }
                }
                // The titles that have every word of what titles define the acronym as.
                for definition in expansions.definitions[term] ?? [] {
                    let lists = definition.map { titlePostings[$0] ?? [] }
                    guard let shortest = lists.min(by: { $0.count < $1.count }) else { continue }
                    for position in shortest { chosen[Int(position)] = true }
                }
                if let acronym {
                    let letters = Array(String(acronym.letters).utf8)
                    for (index, initials) in initials.enumerated() where !chosen[index] && Self.isSubsequence(letters, of: initials) {
                        chosen[index] = true
                    }
                }
                for index in chosen.indices where chosen[index] {
                    some[index] = true
                    every[index] += 1
                }
            }
            for number in query.numbers {
                guard let position = positions[number].map(Int.init) else { continue }
                some[position] = true
                every[position] = query.terms.count
            }
            let count = query.terms.count
            var chosenBy = [[Int]](repeating: [], count: count)
            for index in entries.indices where some[index] { chosenBy[count - every[index]].append(index) }
            return Candidates(every: chosenBy.first ?? [], nearly: count >= 3 ? chosenBy[1] : [], chosenBy: chosenBy)
        }

        /// The entries (by position) a query may match: those each of its words may match,
        /// those all its words but one may (asked only of a query of three words or more), and
        /// those any may, by how many words may match them.
        struct Candidates {
            var every: [Int]
            var nearly: [Int]
            /// Groups, most words first: those every word may match (`every`), every word but
            /// one, and so on to those one word may match.
            var chosenBy: [[Int]]
        }

        private func lowerBound(_ word: String) -> Int {
            var low = 0
            var high = titleWords.count
            while low < high {
                let middle = (low + high) / 2
                if titleWords[middle] < word { low = middle + 1 } else { high = middle }
            }
            return low
        }

        private static func isSubsequence(_ needle: [UInt8], of haystack: [UInt8]) -> Bool {
            var next = 0
            for byte in haystack where next < needle.count && byte == needle[next] { next += 1 }
            return next == needle.count
        }
    }
}
