import ReaderPluginAPI

/// Relevance for `reader search`, as a person means it.
///
/// A query word matches a title word, the start of one (`config` → `configuration`), an
/// acronym the title spells out (`tcp` → "Transmission Control Protocol", `dhcp` → "Dynamic
/// Host Configuration Protocol") or an author's name. Entries are ranked by:
/// 1. the RFC the query names by number (`793`, `rfc793`) first;
/// 2. how many query words match (all before some; entries matching only some are listed
///    only when none matches all);
/// 3. where they match: whole title words (1), word starts (0.6), authors (0.3);
/// 4. a current RFC whose title is exactly the query before any other;
/// 5. how much of the title the query covers ("Transmission Control Protocol" before
///    "Transmission Control Protocol (TCP) Congestion Window Validation"), raised a little by
///    the RFC's authority (``Searchable/authority``): "QUIC: A UDP-Based Multiplexed and
///    Secure Transport", an Internet Standard others update, before "Greasing the QUIC Bit";
/// 6. a current RFC before one it obsoletes when equally relevant, then the more
///    authoritative, then the newer first.
///
/// An acronym matches only words that stand for it: when titles of the index spell it out
/// ("Transmission Control Protocol (TCP)"), only those words, not any words with its initials
/// ("Telnet Com Port Control Option").
struct IndexSearch {
    let terms: [String]
    /// Each term as an acronym may be, when it may be one.
    let acronyms: [AcronymLetters?]
    /// The entries the query names by a shorthand (`793`, `rfc793`, `rfc 793`), by the term
    /// that names each (``Reader/namedEntries(_:)``: the identifier table reads them).
    let named: [String: String]
    /// The ids of those entries.
    let numbers: Set<String>

    init(_ words: [String], named: [String: String] = [:]) {
        terms = words.flatMap { IndexSearch.tokens($0) }
        acronyms = terms.map { AcronymLetters($0) }
        self.named = named
        numbers = Set(named.values)
    }

    /// How much the authority prior (0–1) adds to a title's coverage (0–1): enough that an
    /// Internet Standard others update comes before a short Informational title that repeats
    /// the query word, never enough to pass a title that is exactly the query (a rank of its own).
    static let authorityBoost = 0.8
    /// The coverage of a title whose name (``Searchable/headCount``) the query covers: high,
    /// below a title the query covers whole.
    static let namedCoverage = 0.8
    /// What is left of an obsoleted RFC's authority: most has passed to the RFC that obsoletes
    /// it, enough stays to tell an old Internet Standard from an old Informational RFC.
    static let obsoletedAuthority = 0.3

    /// How much the subject prior (0–1: how many of the RFCs a query matches update an RFC,
    /// beside the RFC they update most) adds to a title's coverage: the RFC a subject's RFCs
    /// build on ("Domain names - implementation and specification", which 25 RFCs on the DNS
    /// update) before one that only names it.
    static let subjectBoost = 0.5
    /// How many of the RFCs a query matches must update an RFC whose title it does not match
    /// for that RFC to be listed: more than one, for an RFC others on the subject build on.
    static let subjectLeast = 5

    struct Relevance: Comparable {
        var named: Bool
        var matched: Int
        var weight: Double
        /// The query covers the title, every word of it.
        var whole: Bool
        /// How much of the title the query covers, 0–1.
        var coverage: Double
        /// How many of the RFCs the query matches update this one, beside the most (0–1).
        var subject: Double = 0
        var current: Bool
        var authority: Double
        var number: Int

        /// The title is the query, every word of it, and the RFC is current.
        var exact: Bool { whole && current }
        /// The coverage raised by the authority and subject priors.
        var score: Double {
            // An obsoleted RFC keeps little of its subject: the RFC that obsoletes it counts the
            // RFCs that updated it as its own.
            let subject = current ? subject : subject * IndexSearch.obsoletedAuthority
            return coverage + IndexSearch.authorityBoost * authority + IndexSearch.subjectBoost * subject
        }

        static func < (a: Relevance, b: Relevance) -> Bool {
            if (a.named, a.matched, a.weight) != (b.named, b.matched, b.weight) {
                return (a.named ? 1 : 0, a.matched, a.weight) < (b.named ? 1 : 0, b.matched, b.weight)
            }
            return (a.exact ? 1 : 0, a.score, a.current ? 1 : 0, a.authority, a.number)
                < (b.exact ? 1 : 0, b.score, b.current ? 1 : 0, b.authority, b.number)
        }
    }

    /// The matching entries, most relevant first.
    func rank(_ entries: [Entry]) -> [Entry] {
        let byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return rank(entries.map { Searchable($0) }).compactMap { byID[$0] }
    }

    /// The IDs of the matching entries, most relevant first, of an index whose words are cut
    /// already.
    func rank(_ index: SearchableIndex) -> [String] {
        rank(index, index.candidates(self))
    }

    /// The IDs of the matching entries, most relevant first: every entry is a candidate.
    func rank(_ entries: [Searchable]) -> [String] {
        rankScoringEvery(SearchableIndex(entries))
    }

    /// ``rank(_:)-(SearchableIndex)`` with every entry a candidate and scored: what the index's
    /// candidates must never change.
    func rankScoringEvery(_ index: SearchableIndex) -> [String] {
        let all = Array(index.entries.indices)
        return rank(index, SearchableIndex.Candidates(every: all, nearly: terms.count >= 3 ? all : [], chosenBy: [all]))
    }

    private func rank(_ index: SearchableIndex, _ candidates: SearchableIndex.Candidates) -> [String] {
        let count = terms.count
        let terms = self.terms(index.expansions)
        // What matches every word but one is shown only after it, for a query of three words
        // or more; what matches fewer, never.
        var scored = score(candidates.every, index, terms, least: count >= 3 ? count - 1 : count)
        let every = scored.filter { $0.value.matched == count }.keys.sorted()
        // Only what matches every word is shown when anything does: the entries each word can
        // match are few beside those any word can ("the", "protocol").
        guard !every.isEmpty else {
            let some = scoreMost(candidates, index, terms)
            return order(some, least: some.values.map(\.matched).max() ?? 0, index)
        }
        // A specification that obsoletes one whose title is the query is what that title names
        // now ("Datagram Transport Layer Security": DTLS 1.3, which obsoletes the RFC that
        // obsoleted it).
        for position in every {
            guard let old = scored[position], old.whole, let current = index.current[Int32(position)] else { continue }
            for successor in current.map(Int.init) where index.entries[successor].isSpecification {
                let entry = index.entries[successor]
                if var relevance = scored[successor], relevance.matched == count {
                    relevance.whole = true
                    scored[successor] = relevance
                } else {
                    scored[successor] = Relevance(
                        named: false, matched: count, weight: old.weight, whole: true, coverage: 1, current: true,
                        authority: entry.authority, number: Int(entry.id) ?? 0)
                }
            }
        }
        // The RFCs the matching ones update: those the subject builds on, which some titles
        // ("Domain names - concepts and facilities" for `dns`) do not name.
        let updatedBy = index.updatedBy(every)
        // Beside the RFC updated most, and never fewer than `subjectLeast`: one update of one
        // RFC is not yet a subject building on it.
        let most = Double(max(updatedBy.values.max() ?? 0, Self.subjectLeast))
        for (position, updates) in updatedBy.sorted(by: { $0.key < $1.key }) {
            if var relevance = scored[position], relevance.matched == count {
                relevance.subject = Double(updates) / most
                scored[position] = relevance
            } else if updates >= Self.subjectLeast {
                let entry = index.entries[position]
                scored[position] = Relevance(
                    named: false, matched: count, weight: Double(count), whole: false, coverage: 0,
                    subject: Double(updates) / most, current: !entry.isObsoleted, authority: entry.authority,
                    number: Int(entry.id) ?? 0)
            }
        }
        // A query of three words or more that few titles match whole: those that miss one word
        // follow ("private address space": "Address Allocation for Private Internets").
        let shownWhole = scored.values.count { $0.matched == count }
        guard count >= 3, shownWhole < Self.fewMatches else { return order(scored, least: count, index) }
        for (position, relevance) in score(candidates.nearly, index, terms, least: count - 1) where scored[position] == nil {
            scored[position] = relevance
        }
        return order(scored, least: count - 1, index)
    }

    /// Fewer entries than this matching every word of a query of three words or more, and
    /// those that miss one word are listed after them.
    static let fewMatches = 3

    /// `least`: how many words an entry must match to be kept (an entry the query names by
    /// number is kept in any case); those that match fewer are never shown.
    private func score(_ positions: [Int], _ index: SearchableIndex, _ terms: [Term], least: Int) -> [Int: Relevance] {
        var scored: [Int: Relevance] = [:]
        for position in positions {
            if let relevance = relevance(index.entries[position], terms, least: least) { scored[position] = relevance }
        }
        return scored
    }

    /// The entries that match the most words, when none matches every one: an entry matches
    /// at most the words that chose it as a candidate, so those chosen by the most words are
    /// scored first, and those chosen by fewer only while they may match as many (a thousand
    /// titles have "the" of "this word the"; the 22 chosen by two words are scored first).
    private func scoreMost(_ candidates: SearchableIndex.Candidates, _ index: SearchableIndex, _ terms: [Term]) -> [Int: Relevance] {
        var scored: [Int: Relevance] = [:]
        var most = 0
        for (fewer, positions) in candidates.chosenBy.enumerated() {
            // `most` words can be matched only by a group chosen by as many.
            guard terms.count - fewer >= most else { break }
            let found = score(positions, index, terms, least: max(most, 1))
            scored.merge(found) { $1 }
            most = max(most, found.values.map(\.matched).max() ?? 0)
        }
        return scored
    }

    /// What the ranking asks of a query word, found once a query rather than once a title.
    struct Term {
        let text: String
        let acronym: AcronymLetters?
        /// The entry the word names by number, if any (``IndexSearch/named``).
        let names: String?
        /// What titles define the word as in parentheses (``AcronymExpansions/definitions``).
        let definitions: [[String]]
        /// What the index's titles spell the word out as, an acronym (nil: none does).
        let expansions: Set<String>?
        /// Three characters or more: the word may begin a title word.
        let beginsWords: Bool
    }

    func terms(_ expansions: AcronymExpansions) -> [Term] {
        zip(terms, acronyms).map { term, acronym in
            Term(
                text: term, acronym: acronym, names: named[term], definitions: expansions.definitions[term] ?? [],
                expansions: expansions.spelledOut(term), beginsWords: term.count >= 3)
        }
    }

    private func order(_ scored: [Int: Relevance], least: Int, _ index: SearchableIndex) -> [String] {
        let shown = scored.filter { $0.value.named || $0.value.matched >= least }
        return shown.sorted { $0.value > $1.value }.map { index.entries[$0.key].id }
    }

    /// nil when no query word matches the entry.
    func relevance(_ entry: Entry) -> Relevance? {
        relevance(Searchable(entry), terms(AcronymExpansions([])), least: 1)
    }

    /// `terms`: the query's words with what the index's titles say of each (``terms(_:)``);
    /// nil when fewer than `least` of them match the entry and the query does not name it.
    func relevance(_ searchable: Searchable, _ terms: [Term], least: Int) -> Relevance? {
        let id = searchable.id
        let isNamed = numbers.contains(id)
        let titleWords = searchable.words.words
        var covered = Set<Int>()
        var matched = 0
        var weight = 0.0
        for term in terms {
            let text = term.text
            if term.names == id {
                matched += 1
                weight += 1
                continue
            }
            if titleWords.contains(text) {
                // Every time the title has the word: "Protocol" twice is covered twice.
                for (index, word) in titleWords.enumerated() where word == text { covered.insert(index) }
                matched += 1
                weight += 1
            } else if let acronym = term.acronym, let span = searchable.words.acronym(acronym),
                term.expansions.map({ $0.contains(span.map { titleWords[$0] }.joined(separator: " ")) }) ?? true
            {
                covered.formUnion(span)
                matched += 1
                weight += 1
            } else if let span = term.definitions.lazy.compactMap({ searchable.words.find($0) }).first {
                covered.formUnion(span)
                matched += 1
                weight += 1
            } else if term.beginsWords, let index = titleWords.firstIndex(where: { $0.hasPrefix(text) }) {
                covered.insert(index)
                matched += 1
                weight += 0.6
            } else {
                if searchable.authorWords.contains(text) {
                    matched += 1
                    weight += 0.3
                }
            }
        }
        guard (matched > 0 && matched >= least) || isNamed else { return nil }
        // A title's own acronym, "(TCP)", goes with the words it stands for: a query that
        // covers either covers both.
        for (index, span) in searchable.words.ownAcronyms {
            if covered.contains(index) || span.allSatisfy(covered.contains) {
                covered.insert(index)
                covered.formUnion(span)
            }
        }
        // Small words ("the", "and") count for neither side.
        let counted = titleWords.indices.filter { !searchable.words.isSmall($0) }
        let whole = counted.isEmpty ? 0 : Double(counted.filter(covered.contains).count) / Double(counted.count)
        // A title that names its subject before a colon or a dash ("QUIC: A UDP-Based
        // Multiplexed and Secure Transport") is mostly covered by a query that covers its name,
        // and as much as it covers of the name ("An Ethernet Address Resolution Protocol: Or
        // Converting Network Protocol Addresses to 48.bit Ethernet Address…").
        let named = counted.filter { $0 < searchable.headCount }
        let head = named.isEmpty ? 0 : Double(named.filter(covered.contains).count) / Double(named.count)
        let coverage = (max(whole, head * Self.namedCoverage) * 1000).rounded() / 1000
        return Relevance(
            named: isNamed, matched: matched, weight: weight, whole: whole == 1 && matched == terms.count, coverage: coverage,
            current: !searchable.isObsoleted, authority: searchable.authority, number: Int(id) ?? 0)
    }

    /// Whether another RFC obsoletes this one (its annotations, as the RFC index module
    /// writes them, start with the `obsoletedBy` list).
    static func isObsoleted(_ entry: Entry) -> Bool {
        let annotations = entry.annotationsJSON.utf8
        guard let key = annotations.firstRange(of: #""obsoletedBy""#.utf8) else { return false }
        // The first byte after the list's `[` that is not a space: `]` for an empty list.
        let rest = annotations[key.upperBound...].drop { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") }
        guard rest.first == UInt8(ascii: "[") else { return false }
        return rest.dropFirst().first { $0 != UInt8(ascii: " ") } != UInt8(ascii: "]")
    }

    /// The title words that `term` abbreviates by their initials (`tcp` in "transmission
    /// control protocol"), skipping the small words acronyms skip ("for", "of", "the").
    static let smallWords: Set<String> = ["a", "an", "and", "for", "in", "of", "on", "the", "to", "with"]

    /// The lowercased runs of letters and digits of `text`.
    static func tokens(_ text: String) -> [String] {
        // ASCII text (nearly every title and name in the index) is split byte by byte: the
        // same tokens as `unicodeTokens`, without a Unicode property lookup per character.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return unicodeTokens(text) }
        var tokens: [String] = []
        var token: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): token.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): token.append(byte | 0x20)
            default:
                if !token.isEmpty {
                    tokens.append(String(decoding: token, as: UTF8.self))
                    token.removeAll(keepingCapacity: true)
                }
            }
        }
        if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
        return tokens
    }

    /// The runs of letters and digits of `text` as written (the same runs as ``tokens(_:)``).
    static func spelledTokens(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    static func unicodeTokens(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
