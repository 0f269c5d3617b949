/// The ranked passages a query matches.
extension FullTextIndex.Connection {
    /// How many matching passages a query ranks at most: a query that matches more than this
    /// (`the`, `protocol`) says little about which ones are meant. It ranks the most recently
    /// indexed ones; another word narrows it.
    static let rankedAtMost = 2000

    /// A passage that matches, ranked: its document (by id, ``document(_:)``), its place among
    /// the document's passages, the block it starts at, its score.
    struct RankedPassage {
        var document: Int64
        var index: Int
        var firstBlock: Int
        /// Where its first block starts in the document's JSON, when known.
        var offset: Int?
        var score: Double
    }

    /// The passages matching every word of `query` (only `source`'s when given), best first
    /// (``FullTextRanking``). A passage with a phrase's words is among them whether or not it
    /// has them in order.
    func search(_ query: FullTextQuery, source: String?) throws -> [RankedPassage] {
        guard let expression = query.expression else { return [] }
        let rows = try matchingRows(expression, source: source)
        guard let low = rows.last, let high = rows.first else { return [] }
        let passages = try spans(of: rows)
        guard let lowDocument = passages.last?.document, let highDocument = passages.first?.document else { return [] }
        let words = query.words
        var signals = Array(repeating: FullTextRanking.WordSignals(), count: words.count)
        // What ranking needs, for every word at once: which of these passages have it in their
        // heading or often in their body (marked words, ``PassageWords``), which of their
        // documents in the title; each newest first. A signal more
        // than an eighth of the passages have says little of which to show first (it would
        // weigh a quarter of one that few have), and reading it costs a row each: it is read
        // no further and counts for nothing.
        let most = max(16, passages.count / 8)
        let mostDocuments = max(16, Set(passages.map { Int($0.document) }).count / 8)
        var parts: [String] = []
        var values: [SQLite.Value] = [
            .integer(low), .integer(high), .integer(lowDocument), .integer(highDocument), .integer(Int64(most)),
            .integer(Int64(mostDocuments)),
        ]
        for (index, word) in words.enumerated() {
            let marked = { (mark: UInt8) in FullTextQuery.string(String(UnicodeScalar(mark)) + word.token, prefix: word.prefix) }
            // Parameters 1 to 6 are the bounds and the limits; each word's three strings follow.
            let tag = index * 3
            // Newest first, as the passages: FTS5 walks a word's row ids from one end to reach a
            // range, and the passages ranked are the newest.
            let rows = { (parameter: Int) in
                "rowid FROM text WHERE text MATCH ?\(parameter) AND rowid BETWEEN ?1 AND ?2 ORDER BY rowid DESC LIMIT ?5"
            }
            parts.append("SELECT * FROM (SELECT \(tag), " + rows(tag + 7) + ")")
            parts.append("SELECT * FROM (SELECT \(tag + 1), " + rows(tag + 8) + ")")
            parts.append(
                "SELECT * FROM (SELECT \(tag + 2), rowid FROM titles WHERE titles MATCH ?\(tag + 9) AND rowid BETWEEN ?3 AND ?4"
                    + " ORDER BY rowid DESC LIMIT ?6)")
            values += [
                .text(marked(PassageWords.headingMark)), .text(marked(PassageWords.frequentMark)),
                .text(FullTextQuery.string(word.token, prefix: word.prefix)),
            ]
        }
        let read = try database.cached(parts.joined(separator: " UNION ALL ")).bind(values)
        while try read.step() {
            let tag = Int(read.integer(0))
            let row = read.integer(1)
            switch tag % 3 {
            case 0: signals[tag / 3].headings.append(row)
            case 1: signals[tag / 3].frequent.append(row)
            default: signals[tag / 3].titles.append(row)
            }
        }
        for index in signals.indices {
            // Newest first whatever order the union gave them in.
            signals[index].headings.sort(by: >)
            signals[index].frequent.sort(by: >)
            signals[index].titles.sort(by: >)
            if signals[index].headings.count >= most { signals[index].headings = [] }
            if signals[index].frequent.count >= most { signals[index].frequent = [] }
            if signals[index].titles.count >= mostDocuments { signals[index].titles = [] }
        }
        return FullTextRanking.rank(passages, signals).map { ranked in
            let passage = passages[ranked.offset]
            return RankedPassage(
                document: passage.document, index: passage.index, firstBlock: passage.firstBlock, offset: passage.offset,
                score: ranked.score)
        }
    }

    /// The row ids of the passages `expression` matches, the most recently indexed first, at
    /// most ``rankedAtMost`` (FTS5 walks them newest first without ranking them).
    private func matchingRows(_ expression: String, source: String?) throws -> [Int64] {
        var rows: [Int64] = []
        guard let source else {
            let read = try database.cached("SELECT rowid FROM text WHERE text MATCH ? ORDER BY rowid DESC LIMIT ?")
                .bind(.text(expression), .integer(Int64(Self.rankedAtMost)))
            while try read.step() { rows.append(read.integer(0)) }
            return rows
        }
        let ranges = try sourceRanges(source)
        guard let low = ranges.last?.lowerBound, let high = ranges.first?.upperBound else { return [] }
        let read = try database.cached("SELECT rowid FROM text WHERE text MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC")
            .bind(.text(expression), .integer(low), .integer(high - 1))
        defer { read.reset() }
        var range = 0
        while rows.count < Self.rankedAtMost, try read.step() {
            let row = read.integer(0)
            while range < ranges.count && ranges[range].lowerBound > row { range += 1 }
            if range < ranges.count && ranges[range].contains(row) { rows.append(row) }
        }
        return rows
    }

    /// The row ids of `source`'s documents' passages, newest first.
    private func sourceRanges(_ source: String) throws -> [Range<Int64>] {
        let read = try database.prepare(
            "SELECT s.first, s.passages FROM spans s JOIN documents d ON d.id = s.document WHERE d.source = ? ORDER BY s.first DESC"
        ).bind(.text(source))
        var ranges: [Range<Int64>] = []
        while try read.step() {
            if let table = PassageTable(firstRow: read.integer(0), encoded: read.blob(1)) { ranges.append(table.rows) }
        }
        return ranges
    }

    /// Each of `rows` (newest first) with its document, place and length, read from the spans
    /// of the documents they fall in. Words left under the row ids of a document taken out
    /// (``PassageTable``) fall in none and are passed over.
    ///
    /// The spans are walked down from the newest row's, one after another while the rows are
    /// near, and sought again past a gap: a common word meets every document of a stretch, a
    /// rare one a few scattered ones.
    private func spans(of rows: [Int64]) throws -> [FullTextRanking.Passage] {
        var passages: [FullTextRanking.Passage] = []
        passages.reserveCapacity(rows.count)
        let walk = try database.cached("SELECT first, document, passages FROM spans WHERE first <= ? ORDER BY first DESC")
        defer { walk.reset() }
        var next = 0
        var walking = false
        while next < rows.count {
            let row = rows[next]
            if !walking {
                try walk.bind(.integer(row))
                walking = true
            }
            guard try walk.step() else { break }
            let first = walk.integer(0)
            guard first <= row else { continue }
            let table = PassageTable(firstRow: first, encoded: walk.blob(2))
            let document = walk.integer(1)
            while next < rows.count && rows[next] >= first {
                let row = rows[next]
                next += 1
                guard let table, table.rows.contains(row) else { continue }
                let index = Int(row - first)
                passages.append(
                    FullTextRanking.Passage(
                        row: row, document: document, index: index, firstBlock: table.entries[index].firstBlock,
                        offset: table.entries[index].offset, length: table.length(index)))
            }
            // Past a gap of more than a few documents' passages, seeking is cheaper than walking.
            if next < rows.count && first - rows[next] > Self.walkedAtMost { walking = false }
        }
        return passages
    }

    /// How many row ids below the last span ``spans(of:)`` walks to the next row's rather than
    /// seeking it (spans average a few dozen passages).
    private static let walkedAtMost: Int64 = 128

    /// A document of the index, as a hit shows it.
    struct IndexedDocument {
        var key: String
        var source: String
        var title: String
        var blob: BlobID?
        var rfcNumber: Int?
        var obsoletes: [Int]
    }

    /// Document `id` of the index; nil when it is not there (taken out meanwhile).
    func document(_ id: Int64) throws -> IndexedDocument? {
        try database.cached("SELECT key, source, title, blob, number, obsoletes FROM documents WHERE id = ?").bind(.integer(id)).first {
            IndexedDocument(
                key: $0.text(0) ?? "", source: $0.text(1) ?? "", title: $0.text(2) ?? "", blob: $0.text(3).flatMap(BlobID.init(hex:)),
                rfcNumber: $0.isNull(4) ? nil : Int($0.integer(4)),
                obsoletes: ($0.text(5) ?? "").split(separator: ",").compactMap { Int($0) })
        }
    }
}
