import CSQLite
import ReaderSupport
import Synchronization

/// `fulltext/index.db`: the full-text index of every stored document, for `reader find`.
/// Derived data, like `views/` and `entries/`: made from the document blobs, rebuilt from
/// them when lost or damaged (`reader cache reindex` does it on demand).
///
/// A SQLite database with an FTS5 table of passages (``Passage``: a section, a tweet) that is
/// *contentless* and keeps the least a search needs: which passages hold each word, not where
/// or how often (`detail=none`, ``PassageWords``). A phrase is checked against the passage's
/// text, as a snippet is made from it: from the document blob. Beside it, the documents (key,
/// blob, source, title) and their passages' places and what ranking needs of each (`spans`,
/// ``PassageTable``). And the relation index: every stored document's ``Relation``s, a row for
/// each target (``RelationGroup``), written and taken out with the document's row in the same transaction
/// (``FullTextIndex/Connection/relations(of:)``). And a person's notes, which follow their
/// records (NoteIndex.swift).
///
/// Several processes write to it at once (WAL, a busy timeout); each document goes in or out
/// in one transaction, so a process killed while indexing leaves it without the document or
/// with all of it. Links: the folder is opened like every folder of the store (never through
/// a link), and SQLite opens its files with `O_NOFOLLOW` (``SQLite``).
package struct FullTextIndex: Sendable {
    let folder: String
    package var path: String { folder + "/index.db" }
    /// The connection the last search used (``KeptConnection``).
    package let kept = KeptConnection()
    /// The connection the last documents stored by this process went in through: opening the
    /// index (three files, its schema read, the tokenizer registered) for every batch and
    /// every retired version cost a mirror more than indexing a small RFC.
    let writer = KeptConnection()
    /// The files SQLite keeps beside the database in WAL mode.
    var files: [String] { [path, path + "-wal", path + "-shm"] }

    /// How passages are cut and the tables laid out: an index made by another version is
    /// rebuilt, since taking a document out needs its passages exactly as they went in.
    /// 4: the relation index (``FullTextIndex/Connection/relations(of:)``) beside the passages.
    /// 5: a person's notes (``FullTextIndex/Connection/IndexedNote``) beside them.
    /// 6: a relation row for each target of a document, its places in it (``RelationGroup``).
    /// 7: a document's words staged in a plain table when it is stored, moved into FTS5's
    /// table many documents at a time (FullTextIndex+Staging.swift).
    static let layoutVersion = "7"

    var exists: Bool { FileSystem.exists(path) }

    /// Whether the index is there, or was once seen there by this process: a commit asks it
    /// of every document (whether the store is new), and the look — a walk to the folder and a
    /// `stat` — was a mirror's two calls a document long after the index was made. An index
    /// removed since reads as there: the store is then taken for an older one, whose new
    /// index `find` fills from every document (``open(create:complete:readOnly:)``), never
    /// for a new one.
    var existsOrExisted: Bool {
        if seen.isSet { return true }
        let now = exists
        if now { seen.set() }
        return now
    }

    /// Set once the index was seen (``existsOrExisted``).
    private let seen = SeenFlag()

    /// Opens the index; nil when there is none and `create` is false. A new index is
    /// `complete` when the store held no document before it (a new store); one made by a
    /// first fetch into an older store is not, and `find` builds it from every document.
    /// `readOnly` opens it to look only, creating and changing nothing (`cache verify`).
    func open(create: Bool = false, complete: Bool = false, readOnly: Bool = false) throws -> Connection? {
        for file in files where FileSystem.isNeitherFileNorFolder(file) {
            throw ReaderError.damaged(what: file, reason: "a link where the store keeps a file or folder (never followed); remove it")
        }
        if !exists && !create { return nil }
        if readOnly {
            let database = try SQLite(path: path, create: false, readOnly: true)
            try database.registerWordsTokenizer()
            return Connection(database: database)
        }
        do {
            try FileSystem.makeFolders(folder)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
        let database = try SQLite(path: path, create: create)
        try database.registerWordsTokenizer()
        // Before WAL and before any table, or it cannot be set: pages a rebuild frees can
        // then be given back (`rebuild`).
        if create { try database.execute("PRAGMA auto_vacuum=INCREMENTAL") }
        // WAL: readers never wait for a writer, writers of other processes wait their turn. The
        // mode is kept in the file: set when it is made, not by every search. NORMAL: a power
        // loss may lose the last documents indexed (the index is derived data, checked by
        // `cache verify`), never damage it.
        // A search process created `index.db-wal` and `-shm` and, as the last to close, deleted
        // them: two files made and unlinked in every `reader find` (0.3–0.7 ms of 7). Kept, the
        // WAL emptied at the last close (a size limit of 0 at that point; 4 MiB after a
        // checkpoint, about the pages one holds).
        database.keepWALFiles()
        // secure_delete FAST: Debian's SQLite is built to overwrite every freed page with zeros
        // (SECURE_DELETE), so each fold's `DELETE FROM staged` and each merge of FTS5's
        // segments wrote the freed pages once more, as zeros, into the WAL and again at the
        // checkpoint. FAST still clears deleted cells in the pages a change writes anyway. A
        // mirror of the 1,067 sample RFCs: WAL 124 → 95 MB, the file 63 → 39 MB, WAL read back
        // 112 → 52 MB. Erasure was never a promise of the index: its WAL held the old pages
        // until a checkpoint either way, and a removed blob's file is unlinked, not shredded.
        let settings = "PRAGMA synchronous=NORMAL; PRAGMA journal_size_limit = 4194304; PRAGMA secure_delete=FAST"
        try database.execute(create ? "PRAGMA journal_mode=WAL; " + settings : settings)
        let connection = Connection(database: database)
        // Tables are made only in a file that holds none or exactly ours: a `meta` that is a
        // view, say, is damage (rebuilt), not something to write into.
        if create, try connection.schema() != .otherLayout { try connection.makeTables(complete: complete) }
        return connection
    }

    /// Removes the index's files: it is damaged, or about to be built anew.
    func remove() throws {
        do {
            for file in files { try FileSystem.remove(file) }
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// One open index: what a command reads and writes through.
    package final class Connection {
        let database: SQLite
        /// The bytes of words this connection staged since its last fold (``foldStaged()``).
        var stagedBytes = 0
        /// SQLite's schema cookie when ``schema()`` last found exactly this version's tables.
        var currentSchemaCookie: Int64?

        init(database: SQLite) {
            self.database = database
        }

        func makeTables(complete: Bool) throws {
            try database.transaction {
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                    CREATE TABLE IF NOT EXISTS documents(
                        id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, blob TEXT NOT NULL, source TEXT NOT NULL,
                        title TEXT NOT NULL, number INTEGER, obsoletes TEXT NOT NULL, first INTEGER NOT NULL, UNIQUE(key, blob));
                    CREATE TABLE IF NOT EXISTS spans(first INTEGER PRIMARY KEY, document INTEGER NOT NULL, passages BLOB NOT NULL);
                    CREATE VIRTUAL TABLE IF NOT EXISTS text USING fts5(
                        words, content='', detail=none, columnsize=0, tokenize='reader_words');
                    CREATE TABLE IF NOT EXISTS staged(row INTEGER PRIMARY KEY, words TEXT NOT NULL);
                    CREATE TABLE IF NOT EXISTS relations(
                        document INTEGER NOT NULL, subject TEXT NOT NULL, type TEXT NOT NULL, target TEXT NOT NULL,
                        places TEXT NOT NULL);
                    CREATE INDEX IF NOT EXISTS relations_document ON relations(document);
                    CREATE INDEX IF NOT EXISTS relations_subject ON relations(subject);
                    CREATE INDEX IF NOT EXISTS relations_target ON relations(target);
                    CREATE TABLE IF NOT EXISTS notes(row INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, key TEXT NOT NULL, words TEXT NOT NULL);
                    CREATE VIRTUAL TABLE IF NOT EXISTS note_text USING fts5(
                        words, content='', detail=none, columnsize=0, tokenize='reader_words');
                    """)
                // Another process may have made them first: its answers stand.
                try database.prepare("INSERT OR IGNORE INTO meta VALUES ('layout', ?), ('complete', ?), ('next row', '1')")
                    .bind(.text(FullTextIndex.layoutVersion), .text(complete ? "1" : "0")).run()
            }
        }

        /// Whether the tables were made by this version of `reader`, and whether every stored
        /// document was put in (nil: no answer, the database is not an index).
        func state() throws -> (current: Bool, complete: Bool)? {
            // A process killed while making the tables leaves a database without them. Nothing
            // is read from tables that are not exactly ours (a damage failure: rebuilt).
            let schema = try schema()
            if schema == .empty { return nil }
            let read = try database.cached("SELECT name, value FROM meta")
            var values: [String: String] = [:]
            defer { read.reset() }
            while try read.step() {
                values[read.text(0) ?? ""] = read.text(1)
                guard values.count <= 16 else { throw SQLite.Failure(code: SQLITE_CORRUPT, message: "its meta table is not ours") }
            }
            guard let layout = values["layout"] else { return nil }
            if schema == .otherLayout && layout == FullTextIndex.layoutVersion {
                throw SQLite.Failure(code: SQLITE_CORRUPT, message: "it holds tables reader does not make")
            }
            return (layout == FullTextIndex.layoutVersion, values["complete"] == "1")
        }

        func markComplete() throws {
            try database.execute("UPDATE meta SET value = '1' WHERE name = 'complete'")
        }

        /// Calls `body` with each document in the index, a row at a time.
        func forEachDocument(_ body: (String, String) throws -> Void) throws {
            let read = try database.prepare("SELECT key, blob FROM documents")
            while try read.step() { try body(read.text(0) ?? "", read.text(1) ?? "") }
        }

        /// Whether the index holds `key` as the document `blob` (its `UNIQUE(key, blob)` index).
        func holds(_ key: String, blob: String) throws -> Bool {
            let find = try database.cached("SELECT 1 FROM documents WHERE key = ? AND blob = ?")
            defer { find.reset() }
            return try find.bind(.text(key), .text(blob)).step()
        }

        /// Every document in the index: its key and document blob. A key may be there with two
        /// blobs for a while (see ``add(_:_:passagesOf:)``).
        func documents() throws -> [(key: String, blob: String)] {
            let read = try database.prepare("SELECT key, blob FROM documents")
            var documents: [(key: String, blob: String)] = []
            while try read.step() { documents.append((read.text(0) ?? "", read.text(1) ?? "")) }
            return documents
        }
    }
}

/// A flag set once and never cleared, shared by the copies of a ``FullTextIndex``.
private final class SeenFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
