import Dispatch
import Foundation
import ReaderStore
import ReaderSupport
import Synchronization

/// One `find`: the index's ranked passages walked best first, held to the catalog (a version
/// of a document it no longer names is skipped), to three passages a document, and to the
/// query's phrases (checked against the text); then a document moved below one that supersedes it,
/// and each hit's passage read again for its section and snippet. What each document and
/// passage is, is looked up once per search.
struct FindSearch {
    /// A ranked passage and its document.
    struct Candidate {
        var document: FullTextIndex.Connection.IndexedDocument
        var place: Store.PassagePlace
        var score: Double
    }

    let store: Store
    let connection: FullTextIndex.Connection
    let query: FullTextQuery
    let limit: Int
    /// The keys of the stored documents that supersede a key's document (``RelationKind/supersedes``).
    let supersededBy: (String) -> [String]
    /// The words that open a key (``Reader/shorthand(ofKey:)``): `793` for `rfc/793`.
    let shorthand: (String) -> String
    /// Which listing titles a key (``Reader/titleSources(_:)``).
    let titleSources: Store.TitleSources
    /// The catalog's document blob of each key looked up (absent: not stored).
    private var stored: [String: BlobID] = [:]
    private var looked: Set<String> = []
    // Keyed by `String`, whose hashing the runtime already knows in any process of ours:
    // a key type of its own costs a fresh process a scan of every conformance it has.
    private var documents: [String: FullTextIndex.Connection.IndexedDocument?] = [:]
    /// Passages read, by their blob and first block (``key(_:_:)``).
    private var passages: [String: Passage] = [:]

    private static let cores = Cores.available

    /// How many ranked passages are looked at together: their documents looked up in the
    /// catalog at once (at least as many as asked for), and (for a phrase) their text read on
    /// every core at once.
    private static let chunk = 16

    init(
        store: Store, connection: FullTextIndex.Connection, query: FullTextQuery, limit: Int,
        supersededBy: @escaping (String) -> [String], shorthand: @escaping (String) -> String,
        titleSources: @escaping Store.TitleSources
    ) {
        self.shorthand = shorthand
        self.titleSources = titleSources
        self.store = store
        self.connection = connection
        self.query = query
        self.limit = limit
        self.supersededBy = supersededBy
    }

    mutating func hits(source: String?) throws -> [FindHit] {
        let ranked = try connection.search(query, source: source)
        // More than asked when a superseded document is among them: one that supersedes it
        // moves it down only when both are here.
        let wanted = limit * 4 + 16
        var kept: [Candidate] = []
        var perDocument: [String: Int] = [:]
        var next = 0
        while kept.count < wanted && next < ranked.count {
            if kept.count >= limit && !kept.contains(where: { !supersededBy($0.document.key).isEmpty }) { break }
            try look(ranked[next..<min(ranked.count, next + max(Self.chunk, limit + 4))])
            let chunk = ranked[next..<min(ranked.count, next + Self.chunk)]
            next += chunk.count
            let candidates = current(Array(chunk))
            if query.checksText { read(candidates) }
            for candidate in candidates where kept.count < wanted {
                let key = candidate.document.key
                guard perDocument[key, default: 0] < Reader.passagesPerDocument else { continue }
                if query.checksText {
                    guard let passage = passage(of: candidate), query.isMatched(by: passage, title: candidate.document.title) else {
                        continue
                    }
                }
                perDocument[key, default: 0] += 1
                kept.append(candidate)
            }
        }
        let shown = Array(Self.supersededLast(kept, supersededBy: supersededBy).prefix(limit))
        read(shown)
        let titles = shownTitles(shown)
        return shown.map { candidate in
            let passage = self.passage(of: candidate)
            return FindHit(
                key: candidate.document.key, source: candidate.document.source,
                title: titles[candidate.document.key].flatMap { $0 } ?? candidate.document.title,
                section: passage.flatMap(Self.section),
                snippet: passage.map { Snippet.make($0.body, query) } ?? Snippet(text: "", matches: []),
                score: candidate.score, open: Reader.openCommand(candidate.document.key, passage, shorthand: shorthand))
        }
    }

    /// The titles the hits are shown with (``ShownTitle``): a listing's, read in one pass, for
    /// the documents a listing whose titles win describes; none is looked up when none is.
    private func shownTitles(_ shown: [Candidate]) -> [String: String?] {
        store.shownTitles(shown.map { ($0.document.key, $0.document.title) }, sources: titleSources)
    }

    /// A hit's section: an RFC's or a page's heading; a tweet named as a person would name it,
    /// by its author, its date and its first words (`@name, 2025-12-01: first words…`).
    static func section(_ passage: Passage) -> FindHit.Section? {
        guard let heading = passage.heading else { return nil }
        guard passage.isPost else { return FindHit.Section(number: passage.number, title: heading) }
        let words = passage.body.split(whereSeparator: \.isWhitespace)
        let opening = words.prefix(8).joined(separator: " ") + (words.count > 8 ? "…" : "")
        let date = passage.postedAt.map { ", " + $0.prefix(10) } ?? ""
        return FindHit.Section(number: passage.number, title: heading + date + (opening.isEmpty ? "" : ": " + opening))
    }

    /// Looks up the documents of `ranked` not looked up yet: in the index, and then (all at
    /// once, reading the catalog once) in the catalog, which the index may disagree with — it
    /// may hold a document forgotten, or stored anew, by a process killed before it was told.
    private mutating func look(_ ranked: ArraySlice<FullTextIndex.Connection.RankedPassage>) throws {
        let unknown = ranked.filter { documents[String($0.document)] == nil }
        guard !unknown.isEmpty else { return }
        for passage in unknown where documents[String(passage.document)] == nil {
            documents[String(passage.document)] = .some(try connection.document(passage.document))
        }
        let keys = Set(unknown.compactMap { documents[String($0.document)]??.key }).subtracting(looked)
        stored.merge(try store.catalog.documentBlobs(of: keys)) { $1 }
        looked.formUnion(keys)
    }

    /// The passages of `ranked` (looked up: ``look(_:)``) whose document the catalog names as
    /// stored, in order, with their documents.
    private func current(_ ranked: [FullTextIndex.Connection.RankedPassage]) -> [Candidate] {
        ranked.compactMap { passage in
            guard let document = documents[String(passage.document)] ?? nil, let blob = document.blob, stored[document.key] == blob else {
                return nil
            }
            return Candidate(document: document, place: .init(firstBlock: passage.firstBlock, offset: passage.offset), score: passage.score)
        }
    }

    private func passage(of candidate: Candidate) -> Passage? {
        candidate.document.blob.flatMap { passages[Self.key($0, candidate.place.firstBlock)] }
    }

    private static func key(_ blob: BlobID, _ firstBlock: Int) -> String {
        blob.hex + " " + String(firstBlock)
    }

    /// Reads the passages of `candidates` not read yet, a document per core at a time: the
    /// blob inflated and the passage's blocks decoded (``Store/passages(ofBlob:at:)``) are
    /// most of a search's time.
    private mutating func read(_ candidates: [Candidate]) {
        var wanted: [(blob: BlobID, places: [Store.PassagePlace])] = []
        for candidate in candidates {
            guard let blob = candidate.document.blob, passages[Self.key(blob, candidate.place.firstBlock)] == nil else { continue }
            if let group = wanted.firstIndex(where: { $0.blob == blob }) {
                if !wanted[group].places.contains(candidate.place) { wanted[group].places.append(candidate.place) }
            } else {
                wanted.append((blob, [candidate.place]))
            }
        }
        let read = Mutex<[String: Passage]>([:])
        let store = self.store
        // The documents shared out among as many threads as cores, each inflating into memory of
        // its own, used again for each of its documents.
        let threads = min(Self.cores, wanted.count)
        let groups = wanted
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let buffer = InflateBuffer()
            for index in stride(from: thread, to: groups.count, by: threads) {
                let (blob, places) = groups[index]
                let found = store.passages(ofBlob: blob, at: places, buffer: buffer)
                read.withLock { read in
                    for (first, passage) in found { read[Self.key(blob, first)] = passage }
                }
            }
        }
        passages.merge(read.withLock { $0 }) { $1 }
    }

    /// A document ranks below one that supersedes it when both match (an obsoleted RFC below
    /// its successor): the reader wants the current text first. "Supersedes" as the relation
    /// index says it — by the newer document's own header, or by an index that tells of both —
    /// of every kind that ``RelationKind/supersedes``, through every step (2616 by 7230, 7230
    /// by 9110: 9110 before 2616). Each passage of the older moves to just after the newer's first.
    static func supersededLast(_ candidates: [Candidate], supersededBy: @escaping (String) -> [String]) -> [Candidate] {
        let keys = candidates.map(\.document.key)
        let present = Set(keys)
        guard present.count >= 2 else { return candidates }
        let successors = SupersessionChain(lookup: supersededBy)
        // For each document here, the documents here that supersede it.
        var newer: [String: Set<String>] = [:]
        for key in present {
            let chain = successors.newer(than: key)
            if !chain.isEmpty { newer[key] = chain.intersection(present).subtracting([key]) }
        }
        guard newer.values.contains(where: { !$0.isEmpty }) else { return candidates }
        var ordered = Array(zip(candidates, keys))
        // Each move puts a passage later, past one it was above: a bounded number of moves.
        for _ in 0..<(candidates.count * candidates.count) {
            var first: [String: Int] = [:]
            for (index, item) in ordered.enumerated() where first[item.1] == nil { first[item.1] = index }
            guard
                let (index, successor) = ordered.indices.lazy.compactMap({ index -> (Int, Int)? in
                    guard let successor = newer[ordered[index].1]?.compactMap({ first[$0] }).min(), successor > index else { return nil }
                    return (index, successor)
                }).first
            else { break }
            let item = ordered.remove(at: index)
            ordered.insert(item, at: successor)
        }
        return ordered.map(\.0)
    }
}
