import Foundation

/// The ranked passages a query matches.
extension FullTextIndex.Connection {
    /// How many matching passages a query ranks at most: a query that matches more than this
    /// (`the`, `protocol`) says little about which ones are meant. It ranks the most recently
    /// indexed ones; another word narrows it.
    static let rankedAtMost = 5000

    /// A passage that matches, ranked: its document (by id, ``document(_:)``), its place among
    /// the document's passages, the block it starts at, its score.
    struct RankedPassage {
        var document: Int64
        var index: Int
        var firstBlock: Int
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
        // documents in the title; each in ascending row id, as FTS5 gives them. A signal more
        // than an eighth of the passages have says little of which to show first (it would
        // weigh a quarter of one that few have), and reading it costs a row each: it is read
        // no further and counts for nothing.
        let most = max(16, passages.count / 8)
        let mostDocuments = max(16, Set(passages.map(\.document)).count / 8)
        var parts: [String] = []
        var values: [SQLite.Value] = [
            .integer(low), .integer(high), .integer(lowDocument), .integer(highDocument), .integer(Int64(most)),
            .integer(Int64(mostDocuments)),
        ]
        for (index, word) in words.enumerated() {
            let marked = { (mark: UInt8) in FullTextQuery.string(String(UnicodeScalar(mark)) + word.token, prefix: word.prefix) }
            // Parameters 1 to 6 are the bounds and the limits; each word's three strings follow.
            let tag = index * 3
            let rows = "rowid FROM text WHERE text MATCH ?%d AND rowid BETWEEN ?1 AND ?2 LIMIT ?5"
            parts.append("SELECT * FROM (SELECT \(tag), " + String(format: rows, tag + 7) + ")")
            parts.append("SELECT * FROM (SELECT \(tag + 1), " + String(format: rows, tag + 8) + ")")
            parts.append(
                "SELECT * FROM (SELECT \(tag + 2), rowid FROM titles WHERE titles MATCH ?\(tag + 9) AND rowid BETWEEN ?3 AND ?4 LIMIT ?6)")
            values += [
                .text(marked(PassageWords.headingMark)), .text(marked(PassageWords.frequentMark)),
                .text(FullTextQuery.string(word.token, prefix: word.prefix)),
            ]
        }
        let read = try database.prepare(parts.joined(separator: " UNION ALL ")).bind(values)
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
            if signals[index].headings.count >= most { signals[index].headings = [] }
            if signals[index].frequent.count >= most { signals[index].frequent = [] }
            if signals[index].titles.count >= mostDocuments { signals[index].titles = [] }
        }
        return FullTextRanking.rank(passages, signals).map { ranked in
            let passage = passages[ranked.offset]
            return RankedPassage(document: passage.document, index: passage.index, firstBlock: passage.firstBlock, score: ranked.score)
        }
    }

    /// The row ids of the passages `expression` matches, the most recently indexed first, at
    /// most ``rankedAtMost`` (FTS5 walks them newest first without ranking them).
    private func matchingRows(_ expression: String, source: String?) throws -> [Int64] {
        var rows: [Int64] = []
        guard let source else {
            let read = try database.prepare("SELECT rowid FROM text WHERE text MATCH ? ORDER BY rowid DESC LIMIT ?")
                .bind(.text(expression), .integer(Int64(Self.rankedAtMost)))
            while try read.step() { rows.append(read.integer(0)) }
            return rows
        }
        let ranges = try sourceRanges(source)
        guard let low = ranges.last?.lowerBound, let high = ranges.first?.upperBound else { return [] }
        let read = try database.prepare("SELECT rowid FROM text WHERE text MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC")
            .bind(.text(expression), .integer(low), .integer(high - 1))
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
    /// The span of a row is looked up by its first row id; past ``seeksAtMost`` documents, the
    /// spans below are walked in order beside the rows instead: a word in one passage of every
    /// document (`abstract`) meets thousands.
    private func spans(of rows: [Int64]) throws -> [FullTextRanking.Passage] {
        var passages: [FullTextRanking.Passage] = []
        passages.reserveCapacity(rows.count)
        var span: (document: Int64, table: PassageTable)?
        var seeks = 0
        var next = 0
        func take() {
            while next < rows.count, let (document, table) = span, rows[next] >= table.firstRow {
                let row = rows[next]
                next += 1
                guard table.rows.contains(row) else { continue }
                let index = Int(row - table.firstRow)
                passages.append(
                    FullTextRanking.Passage(
                        row: row, document: document, index: index, firstBlock: table.firstBlocks[index], length: table.length(index)))
            }
        }
        let seek = try database.cached("SELECT first, document, passages FROM spans WHERE first <= ? ORDER BY first DESC LIMIT 1")
        while next < rows.count && seeks < Self.seeksAtMost {
            guard try seek.bind(.integer(rows[next])).step() else { return passages }
            span = PassageTable(firstRow: seek.integer(0), encoded: seek.blob(2)).map { (seek.integer(1), $0) }
            seeks += 1
            if span == nil { next += 1 }
            take()
        }
        guard next < rows.count, let low = rows.last else { return passages }
        let walk = try database.cached(
            """
            SELECT first, document, passages FROM spans
            WHERE first <= ?2 AND first >= coalesce((SELECT max(first) FROM spans WHERE first <= ?1), 0) ORDER BY first DESC
            """
        ).bind(.integer(low), .integer(rows[next]))
        while next < rows.count, try walk.step() {
            guard walk.integer(0) <= rows[next] else { continue }
            span = PassageTable(firstRow: walk.integer(0), encoded: walk.blob(2)).map { (walk.integer(1), $0) }
            if span == nil { next += 1 }
            take()
        }
        return passages
    }

    /// How many documents' spans ``spans(of:)`` looks up one by one before walking them all.
    private static let seeksAtMost = 256

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
        let read = try database.cached("SELECT key, source, title, blob, number, obsoletes FROM documents WHERE id = ?")
            .bind(.integer(id))
        guard try read.step() else { return nil }
        return IndexedDocument(
            key: read.text(0) ?? "", source: read.text(1) ?? "", title: read.text(2) ?? "", blob: read.text(3).flatMap(BlobID.init(hex:)),
            rfcNumber: read.isNull(4) ? nil : Int(read.integer(4)),
            obsoletes: (read.text(5) ?? "").split(separator: ",").compactMap { Int($0) })
    }
}
