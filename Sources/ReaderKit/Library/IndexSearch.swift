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

    struct Relevance: Comparable {
        var named: Bool
        var matched: Int
        var weight: Double
        /// The title is the query, every word of it.
        var exact: Bool
        /// The coverage raised by the authority prior.
        var score: Double
        var current: Bool
        var authority: Double
        var number: Int

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
        let (every, some) = index.candidates(self)
        // Only what matches every word is shown when anything does: the entries each word can
        // match are few beside those any word can ("the", "protocol").
        let scored = score(every, index.expansions)
        if scored.contains(where: { $0.1.matched == terms.count }) { return order(scored) }
        return order(score(some, index.expansions))
    }

    /// The IDs of the matching entries, most relevant first.
    func rank(_ entries: [Searchable]) -> [String] {
        order(score(entries, AcronymExpansions(entries)))
    }

    private func score(_ entries: [Searchable], _ expansions: AcronymExpansions) -> [(String, Relevance)] {
        entries.compactMap { entry in relevance(entry, expansions).map { (entry.id, $0) } }
    }

    private func order(_ scored: [(String, Relevance)]) -> [String] {
        let best = scored.map(\.1.matched).max() ?? 0
        let shown = scored.filter { $0.1.named || $0.1.matched == terms.count || (best < terms.count && $0.1.matched == best) }
        return shown.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// nil when no query word matches the entry.
    func relevance(_ entry: Entry) -> Relevance? {
        relevance(Searchable(entry), AcronymExpansions([]))
    }

    /// `expansions`: the words the index's titles spell each acronym out as.
    func relevance(_ searchable: Searchable, _ expansions: AcronymExpansions) -> Relevance? {
        let id = searchable.id
        let isNamed = numbers.contains(id)
        let titleWords = searchable.words.words
        var covered = Set<Int>()
        var matched = 0
        var weight = 0.0
        for (term, acronym) in zip(terms, acronyms) {
            if named[term] == id {
                matched += 1
                weight += 1
                continue
            }
            if titleWords.contains(term) {
                // Every time the title has the word: "Protocol" twice is covered twice.
                for (index, word) in titleWords.enumerated() where word == term { covered.insert(index) }
                matched += 1
                weight += 1
            } else if let acronym, let span = searchable.words.acronym(acronym),
                expansions.allows(term, span.map { titleWords[$0] })
            {
                covered.formUnion(span)
                matched += 1
                weight += 1
            } else if term.count >= 3, let index = titleWords.firstIndex(where: { $0.hasPrefix(term) }) {
                covered.insert(index)
                matched += 1
                weight += 0.6
            } else {
                if searchable.authorWords.contains(term) {
                    matched += 1
                    weight += 0.3
                }
            }
        }
        guard matched > 0 || isNamed else { return nil }
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
        // Multiplexed and Secure Transport") is mostly covered by a query that covers its name.
        let named = counted.filter { $0 < searchable.headCount }
        let head = named.isEmpty ? 0 : Double(named.filter(covered.contains).count) / Double(named.count)
        let coverage = ((head == 1 ? max(whole, Self.namedCoverage) : whole) * 1000).rounded() / 1000
        return Relevance(
            named: isNamed, matched: matched, weight: weight, exact: whole == 1 && matched == terms.count && !searchable.isObsoleted,
            score: coverage + Self.authorityBoost * searchable.authority,
            current: !searchable.isObsoleted, authority: searchable.authority,
            number: Int(id) ?? 0)
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
