/// Building the whole index at once (`reader cache reindex`, or a lost index rebuilt by `find`).
extension FullTextIndex.Connection {
    /// FTS5 keeps the words of the rows written since its last flush in a hash table of this
    /// many bytes (1 MB by default), merged into the index's segments at the end (automerge
    /// off). Measured on 9,000 RFC-sized documents: the writing thread's time is least at about
    /// 8 MB; above it the table outgrows the caches, below it there are more segments to merge.
    static let rebuildHashSize = 8 << 20

    /// Empties the index and puts `documents` and `notes` in, all in one transaction: a process
    /// killed meanwhile leaves the index as it was. Marks it complete. `documents` may be made
    /// on other threads while this writes (``Store/reindex()``). `notes` are read once the
    /// transaction holds the write lock: a note written meanwhile is in them, or goes into the
    /// index after this commits (NoteIndex.swift).
    func rebuild(_ documents: some Sequence<PreparedDocument>, notes: () throws -> [IndexedNote]) throws -> Int {
        // 64 MB of page cache: the transaction's pages stay in memory until it commits.
        try database.execute("PRAGMA cache_size = -65536")
        // Merging a large index's segments takes long and is ours: only Ctrl-C stops it.
        let bound = database.stepBound
        database.stepBound = nil
        defer { database.stepBound = bound }
        let indexed = try database.transaction {
            // Every row goes, so the row ids may start again: no word is left under an old one.
            try database.execute(
                """
                INSERT INTO text(text) VALUES ('delete-all'); INSERT INTO note_text(note_text) VALUES ('delete-all');
                DELETE FROM notes; DELETE FROM staged; DELETE FROM documents; DELETE FROM spans; DELETE FROM relations; DELETE FROM sqlite_sequence WHERE name = 'documents';
                INSERT INTO text(text, rank) VALUES ('automerge', 0);
                INSERT INTO text(text, rank) VALUES ('hashsize', \(Self.rebuildHashSize));
                """)
            var count = 0
            var nextRow: Int64 = 1
            for document in documents {
                try insert(document, firstRow: &nextRow)
                count += 1
            }
            try setNextRow(nextRow)
            try addNotes(try notes())
            try markComplete()
            // Merged into one segment: smaller, and a query reads one b-tree per word. Then the
            // settings for documents added one at a time: FTS5's defaults.
            try database.execute(
                """
                INSERT INTO text(text) VALUES ('optimize');
                INSERT INTO text(text, rank) VALUES ('automerge', 4); INSERT INTO text(text, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                """)
            return count
        }
        // The pages of the index that was emptied go back to the file system. (No statement of
        // this connection may be partway through its rows: the checkpoint would wait for it.)
        database.resetKept()
        try? database.execute("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)")
        return indexed
    }
}
