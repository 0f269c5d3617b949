import Dispatch
import ReaderPluginAPI
import Synchronization

/// One answer of `reader find`: a passage of a stored document, where it is, the words that
/// matched in it, and the command that opens it there. Its JSON is the contract's.
public struct FindHit: Sendable, Equatable, Encodable {
    public struct Section: Sendable, Equatable, Encodable {
        /// `3.2` for an RFC, the id of a tweet; nil for a page's heading.
        public var number: String?
        /// The section's title, a page's heading, a tweet's author (`@name`).
        public var title: String

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
        }

        enum CodingKeys: String, CodingKey { case number, title }
    }

    public var key: String
    public var source: String
    public var title: String
    /// Nil for the text of a document before its first heading, or one without any.
    public var section: Section?
    public var snippet: Snippet
    /// BM25 with the title and section titles weighted above the body: higher is better.
    public var score: Double
    /// `reader open 793 --section 3.2`.
    public var open: String

    enum CodingKeys: String, CodingKey { case key, source, title, section, snippet, matches, score, open }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(source, forKey: .source)
        try container.encode(title, forKey: .title)
        try container.encode(section, forKey: .section)
        try container.encode(snippet.text, forKey: .snippet)
        try container.encode(snippet.matches, forKey: .matches)
        try container.encode((score * 100).rounded() / 100, forKey: .score)
        try container.encode(open, forKey: .open)
    }
}

/// What `find` answers: the hits, best first, and a line to tell the user when the index had
/// to be built first (it was lost, damaged, or never made).
public struct FindResult: Sendable {
    public var hits: [FindHit]
    public var note: String?
}

extension Reader {
    /// How many passages of one document `find` shows at most: the best sections, not a list
    /// of one RFC.
    static let passagesPerDocument = 3

    /// Ranked full-text search of every stored document (see ``FullTextQuery`` for the words).
    public func find(_ words: [String], source: String? = nil, limit: Int = 10) throws -> FindResult {
        let query = FullTextQuery(words)
        guard let expression = query.expression else {
            throw ReaderError.usage("find needs a word to look for (a '-word' only excludes)")
        }
        var (index, note) = try store.fullTextForSearch()
        guard limit > 0 else { return FindResult(hits: [], note: note) }
        var matches: [FullTextIndex.Connection.Match] = []
        // More than asked: some go for the per-document cap or as stale.
        let candidates = limit * 4 + 16
        do {
            matches = try index?.search(expression, source: source, limit: candidates) ?? []
        } catch let failure as SQLite.Failure where failure.isDamage {
            // Damage met only by this query's pages: made anew from the blobs, said once.
            try store.fullText.remove()
            (index, note) = try store.fullTextForSearch()
            matches = try index?.search(expression, source: source, limit: candidates) ?? []
        } catch let failure as SQLite.Failure {
            throw failure.storageError(store.fullText.path)
        }
        var perDocument: [String: Int] = [:]
        var current: [String: Bool] = [:]
        var kept: [FullTextIndex.Connection.Match] = []
        for match in matches {
            guard perDocument[match.key, default: 0] < Self.passagesPerDocument else { continue }
            // The catalog is the truth: a document forgotten or stored anew since it was
            // indexed (a process killed in between) is not answered from the index.
            let version = match.key + " " + (match.blob?.hex ?? "")
            let isCurrent = current[version] ?? (((try? store.entry(match.key)) ?? nil)?.document == match.blob)
            current[version] = isCurrent
            guard isCurrent else { continue }
            perDocument[match.key, default: 0] += 1
            kept.append(match)
        }
        kept = obsoletedLast(kept)
        return FindResult(hits: hits(Array(kept.prefix(limit)), query), note: note)
    }

    /// An RFC ranks below an RFC that obsoletes it when both match: the reader wants the
    /// current text first. "Obsoletes" as the RFC's own header says it, and as the stored
    /// index says it, through every step (2616 by 7230, 7230 by 9110: 9110 before 2616). Each
    /// passage of the older RFC moves to just after the newer one's first.
    func obsoletedLast(_ matches: [FullTextIndex.Connection.Match]) -> [FullTextIndex.Connection.Match] {
        let successors = ObsoletionChain(lookup: obsoletedByInIndex())
        func number(_ match: FullTextIndex.Connection.Match) -> Int? {
            guard match.source == "rfc", let number = match.rfcNumber, match.key == "rfc/\(number)" else { return nil }
            return number
        }
        var ordered = matches
        // Each move puts a passage later, past one it was above: a bounded number of moves.
        for _ in 0..<(matches.count * matches.count) {
            var moved = false
            for (index, match) in ordered.enumerated() {
                guard let older = number(match) else { continue }
                let newer = successors.newer(than: older)
                guard
                    let successor = ordered.firstIndex(where: { other in
                        guard let candidate = number(other), candidate != older else { return false }
                        return other.obsoletes.contains(older) || newer.contains(candidate)
                    }), successor > index
                else { continue }
                ordered.remove(at: index)
                ordered.insert(match, at: successor)
                moved = true
                break
            }
            if !moved { break }
        }
        return ordered
    }

    /// The RFCs the stored index says obsolete RFC N (nothing when no index is stored).
    private func obsoletedByInIndex() -> (Int) -> [Int] {
        guard let index = (try? store.entry(Self.indexRequestKey)) ?? nil else { return { _ in [] } }
        return { number in
            guard let line = (try? self.store.indexEntry(String(number), of: index)) ?? nil else { return [] }
            return RFCNumbers.in(line.annotations["obsoletedBy"])
        }
    }

    /// The hits of `matches`: each passage made again from its document for its snippet. The
    /// documents are most of a query's time (each read, inflated, checked and decoded), so
    /// each is decoded once, and the hits are made on every core at once.
    private func hits(_ matches: [FullTextIndex.Connection.Match], _ query: FullTextQuery) -> [FindHit] {
        let made = Mutex<[Int: FindHit]>([:])
        let byDocument = Dictionary(grouping: matches.indices) { matches[$0].blob?.hex ?? "" }.values.map(Array.init)
        DispatchQueue.concurrentPerform(iterations: byDocument.count) { group in
            let indices = byDocument[group]
            let document = matches[indices[0]].blob.flatMap { try? store.document(ofBlob: $0) }
            for index in indices {
                let hit = Self.hit(matches[index], document.flatMap { Passage.at(matches[index].ordinal, in: $0) }, query)
                made.withLock { $0[index] = hit }
            }
        }
        return made.withLock { hits in matches.indices.compactMap { hits[$0] } }
    }

    private static func hit(_ match: FullTextIndex.Connection.Match, _ passage: Passage?, _ query: FullTextQuery) -> FindHit {
        FindHit(
            key: match.key, source: match.source, title: match.title,
            section: match.heading.map { FindHit.Section(number: match.number, title: $0) },
            snippet: passage.map { Snippet.make($0.body, query) } ?? Snippet(text: "", matches: []), score: match.score,
            open: openCommand(match, isPost: passage?.isPost ?? false))
    }

    /// The command that opens a hit where it is: `reader open 793 --section 3.2`.
    static func openCommand(_ match: FullTextIndex.Connection.Match, isPost: Bool) -> String {
        let target: String
        if match.source == "rfc", let number = match.rfcNumber, match.key == "rfc/\(number)" {
            target = String(number)
        } else {
            target = ShellWord.quoted(match.key)
        }
        var command = "reader open \(target)"
        if !isPost, let section = match.number ?? match.heading { command += " --section " + ShellWord.quoted(section) }
        return command
    }
}
