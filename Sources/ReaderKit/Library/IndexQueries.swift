import ReaderPluginAPI

/// `reader list` and `reader search`: queries over the stored index, offline.
extension Reader {
    /// The request type whose document is the index `list` and `search` read.
    public static let indexRequestType = "rfc-index"

    /// The entries of the stored index, filtered.
    public func list(status: String? = nil, year: Int? = nil, limit: Int? = nil) throws -> [Entry] {
        var entries = try indexEntries()
        if let status {
            let wanted = status.uppercased().replacingOccurrences(of: "-", with: " ")
            entries = entries.filter { ($0.status ?? "").uppercased() == wanted }
        }
        if let year {
            let prefix = String(year)
            entries = entries.filter { $0.date?.hasPrefix(prefix) == true }
        }
        if let limit { entries = Array(entries.prefix(max(0, limit))) }
        return entries
    }

    /// Entries matching every word, best first: the exact number, then title words, then authors.
    public func search(_ words: [String], limit: Int? = nil) throws -> [Entry] {
        let query = IndexSearch(words)
        guard !query.terms.isEmpty else { throw ReaderError.usage("search needs at least one word") }
        let ranked = try indexEntries().enumerated().compactMap { position, entry -> (Entry, Int, Int)? in
            query.score(entry).map { (entry, $0, position) }
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 > $1.2 }
        .map(\.0)
        return limit.map { Array(ranked.prefix(max(0, $0))) } ?? ranked
    }

    func indexEntries() throws -> [Entry] {
        let (_, location) = try locate(Self.indexRequestType, "")
        guard let entry = try store.entry(location.key) else {
            throw ReaderError.notStored(key: location.key, command: "reader fetch \(Self.indexRequestType)")
        }
        return try document(of: entry).entries
    }
}

/// Ranking for `reader search`.
struct IndexSearch {
    let terms: [String]
    /// RFC numbers named in the query (`793`, `rfc793`).
    let numbers: Set<String>

    init(_ words: [String]) {
        terms = words.flatMap { IndexSearch.tokens($0) }
        numbers = Set(terms.compactMap(IndexSearch.number))
    }

    /// nil when some word matches nowhere; otherwise higher is better.
    func score(_ entry: Entry) -> Int? {
        if numbers.contains(entry.id) && terms.count == 1 { return 1_000_000 }
        let title = IndexSearch.tokens(entry.title)
        // Authors are split only for a term the title lacks: most entries fail on the title.
        var authors: [String]?
        var score = numbers.contains(entry.id) ? 100_000 : 0
        for term in terms {
            if IndexSearch.number(term) == entry.id { continue }
            if title.contains(term) {
                score += 1000
            } else if title.contains(where: { $0.hasPrefix(term) }) {
                score += 500
            } else {
                let names = authors ?? entry.authors.flatMap { IndexSearch.tokens($0) }
                authors = names
                guard names.contains(term) else { return nil }
                score += 10
            }
        }
        return score
    }

    /// The RFC number a term names (`0793`, `rfc793` → `793`).
    static func number(_ term: String) -> String? {
        let digits = term.hasPrefix("rfc") ? String(term.dropFirst(3)) : term
        return Int(digits).map(String.init)
    }

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

    static func unicodeTokens(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
