import ReaderPluginAPI

extension IndexSearch {
    /// An index entry with the words the ranking reads, cut once: `reader serve` keeps these
    /// for every search rather than cutting 9,816 titles again for each (which took most of a
    /// search's time). A class: ranking passes ten thousand along, and a struct of arrays was
    /// copied, with a retain and release of each array, at every step.
    ///
    /// It keeps the entry's ID, not the entry: the few ranked first are read back from the
    /// index's entry table, and ten thousand entries' JSON stays out of memory.
    final class Searchable: Sendable {
        let id: String
        let words: TitleWords
        /// The authors' words, lower case.
        let authorWords: [String]
        let isObsoleted: Bool
        /// How much a standards reader trusts this RFC, 0–1, found once when the index is cut
        /// (``IndexSearch/authority(_:isObsoleted:)``).
        let authority: Double
        /// How many words the title's name has, before a colon or a dash, single or double ("QUIC" of "QUIC: A
        /// UDP-Based Multiplexed and Secure Transport"); 0 for a title with neither.
        let headCount: Int
        /// The RFCs that obsolete this one, this one obsoletes, and this one updates (IDs, as
        /// the index lists them): a search follows them to the current RFC and to the RFC a
        /// subject's RFCs build on.
        let obsoletedBy: [String]
        let obsoletes: [String]
        let updates: [String]
        /// On the standards track or a Best Current Practice: a specification, which may carry
        /// on what an RFC it obsoletes specified (an Informational RFC that obsoletes one
        /// retires it: "LDAPv2 to Historic Status").
        let isSpecification: Bool

        init(_ entry: Entry) {
            id = entry.id
            let title = entry.title
            let tokens = IndexSearch.tokens(title)
            words = TitleWords(tokens, spelled: IndexSearch.spelledTokens(title), defined: IndexSearch.definitions(title, tokens))
            authorWords = entry.authors.flatMap { IndexSearch.tokens($0) }
            isObsoleted = IndexSearch.isObsoleted(entry)
            authority = IndexSearch.authority(entry, isObsoleted: isObsoleted)
            obsoletedBy = IndexSearch.listNumbers("obsoletedBy", in: entry.annotationsText.utf8)
            obsoletes = IndexSearch.listNumbers("obsoletes", in: entry.fieldsText.utf8)
            updates = IndexSearch.listNumbers("updates", in: entry.fieldsText.utf8)
            isSpecification = IndexSearch.isSpecification(entry.status)
            let separator = [title.range(of: ": "), title.range(of: " - "), title.range(of: " -- ")].compactMap { $0 }.min {
                $0.lowerBound < $1.lowerBound
            }
            let head = separator.map { IndexSearch.tokens(String(title[..<$0.lowerBound])).count } ?? 0
            headCount = head < words.words.count ? head : 0
        }
    }

    /// A title's words, lower case, with what `acronym` asks of each, found once: Unicode
    /// properties are slow to look up, and a search asks them of every title for every query
    /// word. Packed (a byte of flags and the initial of each word) to keep ten thousand small.
    struct TitleWords: Sendable {
        let words: [String]
        private let initials: [Character]
        /// Each initial as its ASCII byte, or 0xFF for one that is not ASCII: an acronym of
        /// ASCII letters is matched byte by byte (a `Character` compares as a string does).
        private let initialBytes: [UInt8]
        private let kinds: [UInt8]

        /// The initials of the words, in order: the letters of any acronym of this title are
        /// among them in the same order (with, between them, only small words' initials).
        var spelledInitials: String { String(initials) }

        private static let letters: UInt8 = 1
        private static let digits: UInt8 = 2
        /// Written in capitals ("TLS"): an acronym itself.
        private static let capitals: UInt8 = 4
        /// One of the small words an acronym skips ("of", "the").
        private static let small: UInt8 = 8

        /// The title's own acronyms: a word ("tcp" of "(TCP)") and the other words it stands for,
        /// which a query that covers either covers both. Found once; empty for most titles.
        private(set) var ownAcronyms: [(word: Int, span: [Int])] = []
        /// The acronyms the title defines in parentheses, with the words each stands for.
        let defined: [(word: Int, span: [Int])]

        func isSmall(_ index: Int) -> Bool { kinds[index] & Self.small != 0 }

        /// Whether the word is written in capitals ("TCP"), as an acronym is.
        func isCapitals(_ index: Int) -> Bool { kinds[index] & Self.capitals != 0 }

        /// `spelled`: the same words as written, which tells a word in capitals; nil for none.
        /// `defined`: the acronyms the title defines in parentheses and the words before each
        /// that it stands for (``IndexSearch/definitions(_:_:)``).
        init(_ words: [String], spelled: [String]?, defined: [(word: Int, span: [Int])] = []) {
            self.words = words
            self.defined = defined
            initials = words.map { $0.first ?? " " }
            initialBytes = initials.map { $0.asciiValue ?? 0xFF }
            kinds = words.indices.map { index in
                let word = words[index]
                var kind: UInt8 = 0
                if word.allSatisfy(\.isLetter) { kind |= Self.letters }
                if word.allSatisfy(\.isNumber) { kind |= Self.digits }
                if IndexSearch.smallWords.contains(word) { kind |= Self.small }
                if let spelled, index < spelled.count, spelled[index].count >= 2,
                    spelled[index].allSatisfy({ $0.isUppercase || $0.isNumber })
                {
                    kind |= Self.capitals
                }
                return kind
            }
            for (index, word) in words.enumerated() {
                guard let acronym = AcronymLetters(word), let span = self.acronym(acronym, capitalsCount: false), !span.contains(index)
                else { continue }
                ownAcronyms.append((index, span))
            }
            for definition in defined where !ownAcronyms.contains(where: { $0.word == definition.word }) {
                ownAcronyms.append(definition)
            }
        }

        /// Where the title has `sequence`, word for word; nil when it does not.
        func find(_ sequence: [String]) -> Range<Int>? {
            guard let first = sequence.first, sequence.count <= words.count else { return nil }
            for start in 0...(words.count - sequence.count) where words[start] == first {
                if words[start..<start + sequence.count].elementsEqual(sequence) { return start..<start + sequence.count }
            }
            return nil
        }

        /// The words `term` abbreviates by their initials (`tcp` in "transmission control
        /// protocol"), skipping the small words acronyms skip. Words only, not "tn3270": an
        /// acronym is made of the initials of words; and, unless `capitalsCount` is false, a
        /// word written in capitals is an acronym itself, never one another spells out.
        func acronym(_ term: AcronymLetters, capitalsCount: Bool = true) -> [Int]? {
            let letters = term.letters
            let skipped = capitalsCount ? Self.capitals : 0
            // A lower-case ASCII letter is the same `Character` as only itself: bytes compare
            // as the characters would.
            let ascii = term.ascii
            func isInitial(_ index: Int, _ next: Int) -> Bool {
                if let ascii { return initialBytes[index] == ascii[next] }
                return initials[index] == letters[next]
            }
            for start in initials.indices where isInitial(start, 0) {
                var span: [Int] = []
                var next = 0
                var index = start
                while index < words.count && next < letters.count {
                    let kind = kinds[index]
                    let isWord = kind & Self.letters != 0 || (term.digits[next] && kind & Self.digits != 0)
                    if isInitial(index, next) && isWord && kind & skipped == 0 {
                        span.append(index)
                        next += 1
                    } else if kind & Self.small == 0 {
                        break
                    }
                    index += 1
                }
                if next == letters.count && span.count >= 2 { return span }
            }
            return nil
        }
    }

    /// A word that may be an acronym: 2–8 letters and digits, a letter first; a digit stands
    /// for a number word ("ipv6": Internet Protocol Version 6).
    struct AcronymLetters: Sendable {
        let letters: [Character]
        let digits: [Bool]
        /// The letters as bytes when every one is ASCII (nearly every query word); nil otherwise.
        let ascii: [UInt8]?

        init?(_ term: String) {
            guard term.count >= 2, term.count <= 8, term.first?.isLetter == true, term.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                return nil
            }
            letters = Array(term)
            digits = letters.map(\.isNumber)
            ascii = term.utf8.allSatisfy { $0 < 0x80 } ? Array(term.utf8) : nil
        }
    }

    /// The title words that `term` abbreviates (see ``TitleWords/acronym(_:capitalsCount:)``);
    /// `spelled`, the words as written, tells which are in capitals.
    static func acronym(_ term: String, in words: [String], spelled: [String]? = nil) -> [Int]? {
        AcronymLetters(term).flatMap { TitleWords(words, spelled: spelled).acronym($0) }
    }
}
