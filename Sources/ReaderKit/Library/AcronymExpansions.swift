extension IndexSearch {
    /// The words the titles of an index spell each acronym out as ("Transmission Control
    /// Protocol (TCP)": `tcp` is "transmission control protocol"), learned once from every
    /// title. An acronym the index spells out matches only those words: `tcp` is not "Test
    /// Certificate Policies" nor "Telnet Com Port", though their initials are its letters.
    /// One no title spells out matches any words with its initials, in order.
    ///
    /// An acronym also matches a title that has, word for word, what another title defines it
    /// as in parentheses: "Dynamic Host Configuration Protocol for IPv6 (DHCPv6)" teaches
    /// `dhcpv6`, whose letters are not the initials of its words; "Post Office Protocol
    /// Version 3 (POP3)" teaches `pop3`, which then finds "Post Office Protocol - Version 3".
    struct AcronymExpansions: Sendable {
        /// Each acronym with the words it stands for, joined by a space (small words left out,
        /// as the initials of an acronym leave them out).
        private let known: [String: Set<String>]
        /// Each acronym with the words, all of them, that titles define it as in parentheses.
        let definitions: [String: [[String]]]

        init(_ entries: [Searchable]) {
            var known: [String: Set<String>] = [:]
            var definitions: [String: Set<[String]>] = [:]
            for entry in entries {
                let words = entry.words
                // Only an acronym written in capitals ("(TCP)"): a lower-case word whose
                // letters happen to be initials of others ("in", "on") spells nothing out.
                for (index, span) in words.ownAcronyms where words.isCapitals(index) {
                    known[words.words[index], default: []].insert(
                        span.filter { !words.isSmall($0) }.map { words.words[$0] }.joined(separator: " "))
                }
                for (index, span) in words.defined {
                    known[words.words[index], default: []].insert(
                        span.filter { !words.isSmall($0) }.map { words.words[$0] }.joined(separator: " "))
                    definitions[words.words[index], default: []].insert(span.map { words.words[$0] })
                }
            }
            self.known = known
            self.definitions = definitions.mapValues { $0.sorted { $0.lexicographicallyPrecedes($1) } }
        }

        /// What the titles spell `acronym` out as (its words joined by a space, small words left
        /// out); nil when no title does, and any words with its initials may stand for it.
        func spelledOut(_ acronym: String) -> Set<String>? { known[acronym] }
    }

    /// The acronyms a title defines in parentheses, each with the words before it that it
    /// stands for, found as Schwartz and Hearst find an abbreviation's long form (2003): the
    /// nearest words before the parenthesis that have its letters in order, its first letter
    /// starting a word. "Dynamic Host Configuration Protocol for IPv6 (DHCPv6)": `dhcpv6` is
    /// all six words before it. An acronym is one word of 2–8 letters and digits with two
    /// capitals at least ("(DTLS)", "(IPsec)"; not "(v3)"), standing for two words or more.
    static func definitions(_ title: String, _ words: [String]) -> [(word: Int, span: [Int])] {
        guard title.contains("(") else { return [] }
        var found: [(word: Int, span: [Int])] = []
        var rest = title[...]
        while let open = rest.firstIndex(of: "(") {
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: ")") else { break }
            defer { rest = inside[close...] }
            let spelled = spelledTokens(String(inside[..<close]))
            guard spelled.count == 1, spelled[0].count(where: \.isUppercase) >= 2, let acronym = AcronymLetters(spelled[0].lowercased())
            else { continue }
            let index = tokens(String(title[..<open])).count
            guard index < words.count, words[index] == spelled[0].lowercased(),
                let start = longFormStart(acronym.letters, before: words[..<index])
            else { continue }
            found.append((index, Array(start..<index)))
        }
        return found
    }

    /// Where the long form of `letters` starts among `words` (the words just before it), by
    /// Schwartz and Hearst's rule: each letter, from the last, is found in the words going back,
    /// the first one at the start of a word; no more words than the letters and five, nor than
    /// twice the letters. Nil when there are none such, or only one word.
    private static func longFormStart(_ letters: [Character], before words: ArraySlice<String>) -> Int? {
        let lowest = max(words.startIndex, words.endIndex - min(letters.count + 5, letters.count * 2))
        var characters: [(character: Character, word: Int, starts: Bool)] = []
        for index in lowest..<words.endIndex {
            for (offset, character) in words[index].enumerated() { characters.append((character, index, offset == 0)) }
        }
        var letter = letters.count - 1
        var position = characters.count - 1
        while letter >= 0 {
            while position >= 0 && (characters[position].character != letters[letter] || (letter == 0 && !characters[position].starts)) {
                position -= 1
            }
            guard position >= 0 else { return nil }
            if letter > 0 { position -= 1 }
            letter -= 1
        }
        let start = characters[position].word
        return words.endIndex - start >= 2 ? start : nil
    }
}
