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

    /// The passages matching `query` (an FTS5 expression), best first by BM25 with the title
    /// and section titles weighted above the body; only `source`'s when given.
    func search(_ expression: String, source: String?, limit: Int) throws -> [Match] {
        let weights = FullTextIndex.weights
        let read = try database.prepare(
            """
            SELECT p.id, p.number, p.heading, d.key, d.source, d.title, d.blob, d.number, d.obsoletes,
                p.ordinal,
                bm25(text, \(weights.title), \(weights.heading), \(weights.body)) AS score
            FROM text JOIN passages p ON p.id = text.rowid JOIN documents d ON d.id = p.document
            WHERE text MATCH ?1 AND (?2 IS NULL OR d.source = ?2)
            ORDER BY score LIMIT ?3
            """
        ).bind(.text(expression), source.map { .text($0) } ?? .null, .integer(Int64(limit)))
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
}
