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
    /// How many bytes of words a writer stages before it folds them: a few hundred RFCs' worth.
    /// 8 MB folded the 1,067 sample RFCs three times instead of ten (the mirror 0.95 of its
    /// time), but each fold into a large index held more: 20,000 RFCs into a store of 29,000
    /// peaked at 60.6–63.0 MiB against 58.6–59.8, no faster — too near the memory budget.
    static let foldAt = 2 << 20

    /// FTS5's in-memory table of words while a fold runs: the words of ``foldAt`` bytes of text
    /// fit, so that a fold writes one segment.
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
