import Dispatch
import Synchronization

/// One `find`: the index's ranked passages walked best first, held to the catalog (a version
/// of a document it no longer names is skipped), to three passages a document, and to the
/// query's phrases (checked against the text); then an RFC moved below one that obsoletes it,
/// and each hit's passage read again for its section and snippet. What each document and
/// passage is, is looked up once per search.
struct FindSearch {
    /// A ranked passage and its document.
    struct Candidate {
        var document: FullTextIndex.Connection.IndexedDocument
        var firstBlock: Int
        var score: Double
    }

    let store: Store
    let connection: FullTextIndex.Connection
    let query: FullTextQuery
    let limit: Int
    /// The RFCs the stored index says obsolete RFC N.
    let obsoletedBy: (Int) -> [Int]
    /// The catalog's document blob of each key looked up (absent: not stored).
    private var stored: [String: BlobID] = [:]
    private var looked: Set<String> = []
    private var documents: [Int64: FullTextIndex.Connection.IndexedDocument?] = [:]
    private var passages: [PassageKey: Passage] = [:]

    private struct PassageKey: Hashable {
        var blob: BlobID
        var firstBlock: Int
    }

    /// How many ranked passages are looked at together: their documents looked up in the
    /// catalog at once, and (for a phrase) their text read on every core.
    private static let chunk = 64

    init(store: Store, connection: FullTextIndex.Connection, query: FullTextQuery, limit: Int, obsoletedBy: @escaping (Int) -> [Int]) {
        self.store = store
        self.connection = connection
        self.query = query
        self.limit = limit
        self.obsoletedBy = obsoletedBy
    }

    mutating func hits(source: String?) throws -> [FindHit] {
        let ranked = try connection.search(query, source: source)
        // More than asked: an RFC that obsoletes another moves it down only when both are here.
        let wanted = limit * 4 + 16
        var kept: [Candidate] = []
        var perDocument: [String: Int] = [:]
        var next = 0
        while kept.count < wanted && next < ranked.count {
            let chunk = ranked[next..<min(ranked.count, next + Self.chunk)]
            next += chunk.count
            let candidates = try current(Array(chunk))
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
        let shown = Array(Self.obsoletedLast(kept, obsoletedBy: obsoletedBy).prefix(limit))
        read(shown)
        return shown.map { candidate in
            let passage = self.passage(of: candidate)
            return FindHit(
                key: candidate.document.key, source: candidate.document.source, title: candidate.document.title,
                section: passage?.heading.map { FindHit.Section(number: passage?.number, title: $0) },
                snippet: passage.map { Snippet.make($0.body, query) } ?? Snippet(text: "", matches: []),
                score: candidate.score, open: Reader.openCommand(candidate.document, passage))
        }
    }

    /// The passages of `ranked` whose document the catalog names as stored, in order, with
    /// their documents: the index may hold a document forgotten, or stored anew, by a process
    /// killed before it was told.
    private mutating func current(_ ranked: [FullTextIndex.Connection.RankedPassage]) throws -> [Candidate] {
        for passage in ranked where documents[passage.document] == nil {
            documents[passage.document] = .some(try connection.document(passage.document))
        }
        let keys = Set(ranked.compactMap { documents[$0.document]??.key }).subtracting(looked)
        stored.merge(try store.catalog.documentBlobs(of: keys)) { $1 }
        looked.formUnion(keys)
        return ranked.compactMap { passage in
            guard let document = documents[passage.document] ?? nil, let blob = document.blob, stored[document.key] == blob else {
                return nil
            }
            return Candidate(document: document, firstBlock: passage.firstBlock, score: passage.score)
        }
    }

    private func passage(of candidate: Candidate) -> Passage? {
        candidate.document.blob.flatMap { passages[PassageKey(blob: $0, firstBlock: candidate.firstBlock)] }
    }

    /// Reads the passages of `candidates` not read yet, a document per core at a time: the
    /// blob inflated and the passage's blocks decoded (``Store/passages(ofBlob:at:)``) are
    /// most of a search's time.
    private mutating func read(_ candidates: [Candidate]) {
        var wanted: [BlobID: Set<Int>] = [:]
        for candidate in candidates {
            guard let blob = candidate.document.blob, passages[PassageKey(blob: blob, firstBlock: candidate.firstBlock)] == nil
            else { continue }
            wanted[blob, default: []].insert(candidate.firstBlock)
        }
        let groups = Array(wanted)
        let read = Mutex<[PassageKey: Passage]>([:])
        let store = self.store
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            let (blob, firstBlocks) = groups[index]
            let found = store.passages(ofBlob: blob, at: Array(firstBlocks))
            read.withLock { read in
                for (first, passage) in found { read[PassageKey(blob: blob, firstBlock: first)] = passage }
            }
        }
        passages.merge(read.withLock { $0 }) { $1 }
    }

    /// An RFC ranks below an RFC that obsoletes it when both match: the reader wants the
    /// current text first. "Obsoletes" as the RFC's own header says it, and as the stored
    /// index says it, through every step (2616 by 7230, 7230 by 9110: 9110 before 2616). Each
    /// passage of the older RFC moves to just after the newer one's first.
    static func obsoletedLast(_ candidates: [Candidate], obsoletedBy: @escaping (Int) -> [Int]) -> [Candidate] {
        let successors = ObsoletionChain(lookup: obsoletedBy)
        func number(_ candidate: Candidate) -> Int? {
            let document = candidate.document
            guard document.source == "rfc", let number = document.rfcNumber, document.key == "rfc/\(number)" else { return nil }
            return number
        }
        var ordered = candidates
        // Each move puts a passage later, past one it was above: a bounded number of moves.
        for _ in 0..<(candidates.count * candidates.count) {
            var moved = false
            for (index, candidate) in ordered.enumerated() {
                guard let older = number(candidate) else { continue }
                let newer = successors.newer(than: older)
                guard
                    let successor = ordered.firstIndex(where: { other in
                        guard let candidate = number(other), candidate != older else { return false }
                        return other.document.obsoletes.contains(older) || newer.contains(candidate)
                    }), successor > index
                else { continue }
                ordered.remove(at: index)
                ordered.insert(candidate, at: successor)
                moved = true
                break
            }
            if !moved { break }
        }
        return ordered
    }
}
