/// The ranked passages a query matches.
extension FullTextIndex.Connection {
    /// One matching passage, as the index knows it (no text: see ``Passage``).
    struct Match {
        var key: String
        var source: String
        var title: String
        var blob: BlobID?
        /// The passage's place among its document's passages, to make it again.
        var ordinal: Int
        var number: String?
        var heading: String?
        /// BM25, higher is better.
        var score: Double
        var rfcNumber: Int?
        var obsoletes: [Int]
    }

    /// How many matching passages a query ranks at most: BM25 costs about a microsecond a
    /// passage, and a query that matches more than this (`the`, `protocol`) says little about
    /// which ones are meant. It ranks the most recently indexed ones; another word narrows it.
    static let rankedAtMost = 5000

    /// The passages matching `query` (an FTS5 expression), best first by BM25 with the title
    /// and section titles weighted above the body; only `source`'s when given.
    func search(_ expression: String, source: String?, limit: Int) throws -> [Match] {
        let weights = FullTextIndex.weights
        let score = "bm25(text, \(weights.body), \(weights.heading), \(weights.title))"
        let columns = "p.id, p.number, p.heading, d.key, d.source, d.title, d.blob, d.number, d.obsoletes, p.ordinal"
        let read: SQLite.Statement
        if let source {
            read = try database.prepare(
                """
                SELECT \(columns), \(score) AS score
                FROM text JOIN passages p ON p.id = text.rowid JOIN documents d ON d.id = p.document
                WHERE text MATCH ?1 AND d.source = ?2 ORDER BY score LIMIT ?3
                """
            ).bind(.text(expression), .text(source), .integer(Int64(limit)))
        } else {
            // Ranked first, joined after: only the passages kept are looked up.
            read = try database.prepare(
                """
                SELECT \(columns), m.score FROM (
                    SELECT rowid AS id, \(score) AS score FROM text WHERE text MATCH ?1 AND rowid >= ?2 ORDER BY score LIMIT ?3
                ) m JOIN passages p ON p.id = m.id JOIN documents d ON d.id = p.document ORDER BY m.score
                """
            ).bind(.text(expression), .integer(try firstRanked(expression)), .integer(Int64(limit)))
        }
        var matches: [Match] = []
        while try read.step() {
            matches.append(
                Match(
                    key: read.text(3) ?? "", source: read.text(4) ?? "", title: read.text(5) ?? "",
                    blob: read.text(6).flatMap(BlobID.init(hex:)), ordinal: Int(read.integer(9)), number: read.text(1),
                    heading: read.text(2),
                    // SQLite's bm25 is negative, better the lower; people expect the opposite.
                    score: -read.real(10), rfcNumber: read.isNull(7) ? nil : Int(read.integer(7)),
                    obsoletes: (read.text(8) ?? "").split(separator: ",").compactMap { Int($0) }))
        }
        return matches
    }

    /// The lowest row id a query ranks: 0 when it matches at most ``rankedAtMost`` passages,
    /// else that of the ``rankedAtMost``-th newest match (FTS5 walks its rows newest first
    /// without ranking them: a fraction of a millisecond).
    private func firstRanked(_ expression: String) throws -> Int64 {
        let read = try database.prepare("SELECT rowid FROM text WHERE text MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?")
            .bind(.text(expression), .integer(Int64(Self.rankedAtMost - 1)))
        return try read.step() ? read.integer(0) : 0
    }
}
