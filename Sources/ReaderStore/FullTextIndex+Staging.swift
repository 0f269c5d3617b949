import ReaderSupport

/// A stored document's words go into FTS5's table in two steps. Its commit writes them into the
/// plain `staged` table, in the transaction that writes its rows (`documents`, `spans`,
/// `relations`): the index holds the document as soon as it did before, and a process killed
/// at any point leaves it with all of the document or none. Then many documents' words at a
/// time are moved into FTS5's table (``foldStaged()``): by the process storing them once it has
/// staged enough, at the end of every fetch and pull, and by a search that finds any still
/// staged before it reads FTS5's table.
///
/// Why: FTS5 writes the words of a transaction as a segment of their own when it commits, and
/// merges segments as they pile up. A mirror commits a few documents a transaction (those that
/// end at the same moment, ``GroupCommit``): its index writer, the one serial step of a mirror,
/// spent 0.84 s of 1.5 in those commits for the 1,067 sample RFCs, while `cache reindex` puts
/// them all in, in one transaction, in 0.44 s.
extension FullTextIndex.Connection {
    /// How many bytes of words a writer stages before it folds them: several hundred RFCs'
    /// worth. Each fold is a transaction, a segment or two and the merges they bring: the 1,067
    /// sample RFCs (21 MB of words) folded ten times at 2 MB, in 0.34 s of the index writer's,
    /// and three times at 8 MB, in 0.24 s (the mirror 0.95–0.97 of its time, tmpfs, alternating
    /// runs; 16 MB and more saved nothing further and left a longer fold for the end).
    static let foldAt = 8 << 20

    /// FTS5's in-memory table of words while a fold runs. A fold of ``foldAt`` fills it twice,
    /// writing two segments: a table that held the whole fold (8 MB) took no less time, and
    /// four more MB of the memory budget, which a mirror of 50,000 RFCs has not to spare.
    static let foldHashSize = 4 << 20

    /// FTS5's own size of that table (1 MB), which every other write of the index keeps.
    static let defaultHashSize = 1 << 20

    /// Whether any document's words are staged.
    func hasStaged() throws -> Bool {
        let read = try database.cached("SELECT 1 FROM staged LIMIT 1")
        defer { read.reset() }
        return try read.step()
    }

    /// Moves every staged word into FTS5's table, in one transaction; with nothing staged, does
    /// nothing.
    func foldStaged() throws {
        stagedBytes = 0
        guard try hasStaged() else { return }
        try database.transaction {
            try database.execute(
                """
                INSERT INTO text(text, rank) VALUES ('hashsize', \(Self.foldHashSize));
                INSERT INTO text(rowid, words) SELECT row, words FROM staged ORDER BY row;
                DELETE FROM staged;
                INSERT INTO text(text, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                """)
        }
    }
}
