import Foundation
import ReaderSupport

/// The ranked passages a query matches.
extension FullTextIndex.Connection {
    /// How many matching passages a query ranks at most: a query that matches more than this
    /// (`the`, `protocol`) says little about which ones are meant. It ranks the most recently
    /// indexed ones; another word narrows it.
    static let rankedAtMost = 2000

    /// A passage that matches, ranked: its document (by id, ``document(_:)``), its place among
    /// the document's passages, the block it starts at, its score.
    package struct RankedPassage {
        package var document: Int64
        package var index: Int
        package var firstBlock: Int
        /// Where its first block starts in the document's JSON, when known.
        package var offset: Int?
        package var score: Double
    }

    /// Runs `body`'s reads of the index as one read transaction (``SQLite/reading(_:)``).
    package func reading<T>(_ body: () throws -> T) throws -> T {
        try database.reading(body)
    }

    /// The passages matching every word of `query` (only `source`'s when given), best first
    /// (``FullTextRanking``). A passage with a phrase's words is among them whether or not it
    /// has them in order.
    package func search(_ query: FullTextQuery, source: String?) throws -> [RankedPassage] {
        guard let expression = query.expression else { return [] }
        let rows = try matchingRows(expression, source: source)
        guard !rows.isEmpty else { return [] }
        let words = query.words
        let rarities = try rarities(of: words)
        // The hashes the passage tables are asked about: not a common word's (its heading,
        // title and frequency would weigh next to nothing), nor a prefix's (it names no one word).
        let hashes = zip(words, rarities).map { word, rarity -> UInt16? in
            word.prefix || rarity < FullTextRanking.rareEnough ? nil : WordHash.of(word.token.utf8)
        }
        let passages = try spans(of: rows, asking: hashes)
        return FullTextRanking.rank(passages, rarities).map { ranked in
            let passage = passages[ranked.offset]
            return RankedPassage(
                document: passage.document, index: passage.index, firstBlock: passage.firstBlock, offset: passage.offset,
                score: ranked.score)
        }
    }

    /// How rare each of `words` is, between 0 and 1, from how many of the last passages indexed
    /// have it (``FullTextRanking/sampled``): BM25's inverse document frequency, scaled,
    /// without counting every passage that has a common word.
    private func rarities(of words: [FullTextQuery.Word]) throws -> [Double] {
        let last = try nextRow() - 1
        guard last > 0 else { return words.map { _ in 1 } }
        let sample = FullTextRanking.sampled
        let parts = words.indices.map { "SELECT \($0), count(*) FROM text WHERE text MATCH ?\($0 + 2) AND rowid > ?1" }
        let values = [SQLite.Value.integer(last - Int64(sample))] + words.map { .text(FullTextQuery.string($0.token, prefix: $0.prefix)) }
        let read = try database.cached(parts.joined(separator: " UNION ALL ")).bind(values)
        var counts = [Int](repeating: 0, count: words.count)
        while try read.step() { counts[Int(read.integer(0))] = Int(read.integer(1)) }
        let size = Double(min(Int64(sample), last))
        return counts.map { count in log(1 + size / Double(1 + count)) / log(1 + size) }
    }

    /// The row ids of the passages `expression` matches, the most recently indexed first, at
    /// most ``rankedAtMost`` (FTS5 walks them newest first without ranking them).
    private func matchingRows(_ expression: String, source: String?) throws -> [Int64] {
        var rows: [Int64] = []
        guard let source else {
            let read = try database.cached("SELECT rowid FROM text WHERE text MATCH ? ORDER BY rowid DESC LIMIT ?")
                .bind(.text(expression), .integer(Int64(Self.rankedAtMost)))
            while try read.step() { rows.append(read.integer(0)) }
            return try Self.checked(rows)
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
        return try Self.checked(rows)
    }

    /// `rows`, when every one is a row id the index hands out (``PassageTable/rowBound``): the
    /// differences a search takes between them and the spans' then never overflow.
    private static func checked(_ rows: [Int64]) throws -> [Int64] {
        guard rows.allSatisfy(PassageTable.rowBound.contains) else { throw PassageTable.damaged }
        return rows
    }

    /// The row ids of `source`'s documents' passages, newest first.
    private func sourceRanges(_ source: String) throws -> [Range<Int64>] {
        let read = try database.prepare(
            "SELECT s.first, s.passages FROM spans s JOIN documents d ON d.id = s.document WHERE d.source = ? ORDER BY s.first DESC"
        ).bind(.text(source))
        var ranges: [Range<Int64>] = []
        while try read.step() {
            guard let table = PassageTable(firstRow: read.integer(0), encoded: read.blob(1)) else { throw PassageTable.damaged }
            ranges.append(table.rows)
        }
        return ranges
    }

    /// Each of `rows` (newest first) with its document, place and length, and which of the
    /// words `hashes` names its heading, its frequent words and its title have, read from the
    /// spans of the documents they fall in. Words left under the row ids of a document taken out
    /// (``PassageTable``) fall in none and are passed over.
    ///
    /// The spans are walked down from the newest row's, one after another while the rows are
    /// near, and sought again past a gap — of row ids, or of spans walked past: a common word
    /// meets every document of a stretch, a rare one a few scattered ones.
    private func spans(of rows: [Int64], asking hashes: [UInt16?]) throws -> [FullTextRanking.Passage] {
        var passages: [FullTextRanking.Passage] = []
        passages.reserveCapacity(rows.count)
        let walk = try database.cached("SELECT first, document, passages FROM spans WHERE first <= ? ORDER BY first DESC")
        defer { walk.reset() }
        var next = 0
        var walking = false
        var passed = 0
        var indices: [Int] = []
        while next < rows.count {
            let row = rows[next]
            if !walking {
                try walk.bind(.integer(row))
                walking = true
                passed = 0
            }
            guard try walk.step() else { break }
            let first = walk.integer(0)
            guard PassageTable.rowBound.contains(first) else { throw PassageTable.damaged }
            guard first <= row else {
                // A span per passage (a store of tweets): the row ids' gap says nothing of how
                // many spans lie between, so a walk that passes a few is given up for a seek.
                passed += 1
                if passed > Self.passedAtMost { walking = false }
                continue
            }
            passed = 0
            let document = walk.integer(1)
            indices.removeAll(keepingCapacity: true)
            while next < rows.count && rows[next] >= first {
                indices.append(Int(rows[next] - first))
                next += 1
            }
            // Read oldest first, kept newest first as the rows came; the table read where SQLite
            // holds it (thousands of spans a search: nothing allocated for each).
            indices.reverse()
            let start = passages.count
            _ = try walk.withBlob(2) { table in
                try PassageTable.read(table, firstRow: first, document: document, wanted: indices, asking: hashes) {
                    passages.append($0)
                }
            }
            passages[start...].reverse()
            // Past a gap of more than a few documents' passages, seeking is cheaper than walking.
            if next < rows.count && first - rows[next] > Self.walkedAtMost { walking = false }
        }
        return passages
    }

    /// How many row ids below the last span ``spans(of:)`` walks to the next row's rather than
    /// seeking it (spans average a few dozen passages).
    private static let walkedAtMost: Int64 = 128

    /// How many spans without a wanted row a walk passes before it seeks the next row's span
    /// instead: a step costs a fraction of a seek. Of a million tweets (a span each), `find the
    /// way` walked past about a hundred spans between its rows: 5.1 ms of spans, 3.0 seeking.
    private static let passedAtMost = 2

    /// A document of the index, as a hit shows it.
    package struct IndexedDocument {
        package var key: String
        package var source: String
        package var title: String
        package var blob: BlobID?
        /// The document's `number` (`extra.number`), when it has one.
        package var number: Int?
        package var obsoletes: [Int]
    }

    /// Document `id` of the index; nil when it is not there (taken out meanwhile).
    package func document(_ id: Int64) throws -> IndexedDocument? {
        try database.cached("SELECT key, source, title, blob, number, obsoletes FROM documents WHERE id = ?").bind(.integer(id)).first {
            IndexedDocument(
                key: $0.text(0) ?? "", source: $0.text(1) ?? "", title: $0.text(2) ?? "", blob: $0.text(3).flatMap(BlobID.init(hex:)),
                number: $0.isNull(4) ? nil : Int($0.integer(4)),
                obsoletes: ($0.text(5) ?? "").split(separator: ",").compactMap { Int($0) })
        }
    }
}
