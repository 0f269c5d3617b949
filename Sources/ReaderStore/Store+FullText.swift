import DocumentJSON
import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// The store's side of the full-text index (``FullTextIndex``): every stored document goes
/// in when it is committed and out when it is removed; `gc` and `verify` hold it to the
/// catalog; a lost, damaged or unfinished index is built again from the document blobs.
extension Store {
    /// Puts a document about to be committed into the index (see
    /// ``FullTextIndex/Connection/add(_:)`` for the order), in one transaction with the others
    /// being stored at the same moment (``GroupCommit``). A write of the store like the blobs':
    /// when it fails (a full disk), the document is not stored either, so the index never lacks
    /// a stored document. A damaged index, or one another version of `reader` made, is made
    /// anew, unfinished, for the next `find` to fill. `newStore`: the catalog holds nothing yet,
    /// so a new index is complete. Returns whether the index held another version of the key,
    /// for ``retire(_:keeping:)`` once the catalog names this one.
    /// `blockStarts`: where each block starts in the document's JSON (as written or read).
    func index(_ document: Document, key: String, blob: BlobID, blockStarts: [Int], newStore: Bool) throws -> Bool {
        let unindexed = UnindexedDocument(document, key: key, blob: blob, blockStarts: blockStarts, newStore: newStore)
        return try index([unindexed]).contains(key)
    }

    /// A document cut into words for the index and not yet written there (``index(_:)``), with
    /// whether the catalog held nothing when its commit was staged.
    struct UnindexedDocument: Sendable {
        let prepared: FullTextIndex.Connection.PreparedDocument
        let newStore: Bool

        /// The bytes of words it holds: what it keeps in memory until written.
        let wordBytes: Int

        init(_ document: Document, key: String, blob: BlobID, blockStarts: [Int], newStore: Bool) {
            prepared = .init(key: key, blob: blob, document: document, blockStarts: blockStarts)
            self.newStore = newStore
            wordBytes = prepared.rows.reduce(0) { $0 + $1.words.count }
        }
    }

    /// Puts `documents` into the index in one transaction, with any others being stored at the
    /// same moment; the keys the index held another version of.
    func index(_ documents: [UnindexedDocument]) throws -> Set<String> {
        try indexing.commit(contentsOf: documents.map { ($0.prepared, $0.newStore) }) { batch in
            do {
                return try writing(complete: batch.allSatisfy(\.newStore)) { connection in
                    let older = try connection.add(batch.map(\.document))
                    // Enough words staged: into FTS5's table now, together (FullTextIndex+Staging.swift).
                    // They are in the index already; a fold that fails leaves them staged, for the next.
                    if connection.stagedBytes >= FullTextIndex.Connection.foldAt { try? connection.foldStaged() }
                    return older
                } ?? []
            } catch let failure as SQLite.Failure {
                throw failure.storageError(fullText.path)
            } catch let failure as FileSystem.Failure {
                throw failure.readerError
            }
        }
    }

    /// Moves the words this process's commits staged into FTS5's table (FullTextIndex+Staging.swift):
    /// at the end of a fetch or a pull, so that the next search finds nothing to fold. A fold
    /// that fails leaves them staged, for the next search to fold.
    package func foldIndex() {
        _ = withKeptWriter { try? $0.foldStaged() }
    }

    /// Takes out what the index held under `key` before `blob`, once the catalog names `blob`.
    func retire(_ key: String, keeping blob: BlobID) {
        let retire = { (connection: FullTextIndex.Connection) in
            try? connection.retire(key, keeping: blob, documentOf: { try? self.document(ofBlob: $0) })
        }
        if withKeptWriter(retire) != nil { return }
        guard let connection = currentFullText() else { return }
        retire(connection)
    }

    /// Runs `body` on the connection this process last wrote through, while it opens the
    /// index at its path and the index is this version's, and keeps it again; nil when there
    /// is none to use.
    private func withKeptWriter<T>(_ body: (FullTextIndex.Connection) throws -> T) rethrows -> T? {
        guard let (connection, file) = fullText.writer.takeForWriting(fullText.path), (try? connection.state())?.current == true
        else { return nil }
        let result = try body(connection)
        fullText.writer.keep(connection, file: file)
        return result
    }

    /// Runs `body` on the kept writer (``withKeptWriter(_:)``), else on a connection opened now
    /// (``openForWriting(complete:)``), kept after for the next batch. nil: no index to write.
    private func writing<T>(complete: Bool, _ body: (FullTextIndex.Connection) throws -> T) throws -> T? {
        if let result = try withKeptWriter(body) { return result }
        // The file before and after the open: kept only when both are the same file, so that a
        // connection kept is sure to have opened the file at the path.
        let before = FileIdentity(fullText.path)
        guard let connection = try openForWriting(complete: complete) else { return nil }
        let result = try body(connection)
        if let before, let after = FileIdentity(fullText.path), before.isSameFile(as: after) {
            fullText.writer.keep(connection, file: after)
        }
        return result
    }

    /// Takes `keys` out of the index (`cache rm`); their blobs are still there to say which
    /// words to forget.
    func unindex(_ keys: [String]) {
        guard let connection = currentFullText() else { return }
        try? connection.remove(keys, documentOf: { try? self.document(ofBlob: $0) })
    }

    /// The index, when it is there and exactly this version's (``FullTextIndex/Connection/schema()``):
    /// what takes documents out of it touches nothing else (the next `find` rebuilds the rest).
    private func currentFullText() -> FullTextIndex.Connection? {
        guard let connection = try? fullText.open(), (try? connection.state())?.current == true else { return nil }
        return connection
    }

    /// The stored document of blob `id`.
    func document(ofBlob id: BlobID) throws -> Document {
        try placedDocument(ofBlob: id).document
    }

    /// The stored document of blob `id`, and where each of its blocks starts in the blob.
    func placedDocument(ofBlob id: BlobID) throws -> (document: Document, blockStarts: [Int]) {
        let bytes = try blobs.get(id)
        var starts: [Int] = []
        do {
            return (try DocumentCodec.decode(bytes) { starts.append($0) }, starts)
        } catch {
            throw ReaderError.damaged(what: "document blob \(id)", reason: "not a document")
        }
    }

    /// Empties the index and puts every stored document in again, from the blobs, and every
    /// note, from its record (`reader cache reindex`); the number of documents indexed. A document whose blob is
    /// damaged is left out (`cache verify` names it). The documents are read, decoded and cut
    /// into words on every core, a few dozen ahead of the one thread that writes them.
    @discardableResult
    public func reindex() throws -> Int {
        let entries = try catalog.read().entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value.document) }
        let documents = MadeAhead(count: entries.count) { index -> FullTextIndex.Connection.PreparedDocument? in
            let (key, blob) = entries[index]
            guard let (document, starts) = try? self.placedDocument(ofBlob: blob) else { return nil }
            return .init(key: key, blob: blob, document: document, blockStarts: starts)
        }
        do {
            return try openForWriting(complete: false)?.rebuild(documents, notes: currentNotes) ?? 0
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
    }

    /// The index opened to be written, made anew (empty, unfinished unless `complete`) when it
    /// is not a database SQLite can read or was made by another version of `reader`, whose
    /// tables are not these.
    private func openForWriting(complete: Bool) throws -> FullTextIndex.Connection? {
        do {
            if let connection = try fullText.open(create: true, complete: complete), try connection.state()?.current == true {
                return connection
            }
        } catch let failure as SQLite.Failure where failure.isDamage {}
        try fullText.remove()
        return try fullText.open(create: true, complete: false)
    }

    /// The index, ready to search: built from the blobs first when it is missing while
    /// documents are stored, damaged, made by another version of `reader`, or unfinished.
    /// `note` then says so, in one line, for the user.
    /// `damage`: what a search met in the index (a passage table out of range), to rebuild it for.
    package func fullTextForSearch(
        damage: SQLite.Failure? = nil
    ) throws -> (connection: FullTextIndex.Connection?, file: FileIdentity?, note: String?) {
        if damage == nil, let (connection, file) = fullText.kept.take(fullText.path),
            case (current: true, complete: true)? = try? connection.state()
        {
            foldBeforeSearching(connection)
            return (connection, file, nil)
        }
        var reason: String
        var damaged = false
        do {
            if let damage { throw damage }
            let file = FileIdentity(fullText.path)
            if let connection = try fullText.open() {
                switch try connection.state() {
                case (current: true, complete: true)?:
                    foldBeforeSearching(connection)
                    // Kept for the next search only when it is sure to be the file looked at.
                    return (connection, file == FileIdentity(fullText.path) ? file : nil, nil)
                case (current: true, complete: false)?: reason = "the full-text index lacked documents stored before it"
                case (current: false, _)?:
                    reason = "the full-text index was made by another version of reader"
                    damaged = true
                // A process killed while making the tables left it so (or one is making them
                // now: the rebuild waits for it), which is not damage.
                case nil: reason = "the full-text index was unfinished"
                }
            } else {
                reason = "the full-text index was missing"
            }
        } catch let failure as SQLite.Failure where failure.isDamage {
            reason = "the full-text index was damaged (\(failure))"
            damaged = true
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
        // Nothing stored: nothing to build it from, and nothing to say.
        guard try !catalog.read().entries.isEmpty else { return (nil, nil, nil) }
        if damaged { try fullText.remove() }
        let count = try reindex()
        return (try fullText.open(), nil, "\(reason): rebuilt it from \(count) stored \(count == 1 ? "document" : "documents")")
    }

    /// Words a writer staged and has not folded yet (a fetch under way, or a process killed
    /// before its end) go into FTS5's table before a search reads it. When they cannot (a store
    /// on a read-only disk), the search goes on without the documents they are of.
    private func foldBeforeSearching(_ connection: FullTextIndex.Connection) {
        try? connection.foldStaged()
    }

    /// For `gc`: takes out what the catalog no longer names (under the writers lock, before
    /// the blobs go, so that their words can still be forgotten).
    ///
    /// Each indexed document's key is looked up in the catalog, not the catalog held: of a
    /// million documents, what is held is the stale ones.
    func pruneFullText() {
        guard let connection = currentFullText() else { return }
        var stale: [(key: String, blob: String)] = []
        let read: ()? = try? connection.forEachDocument { key, blob in
            // An entry that cannot be read is left alone: gc read the whole catalog before.
            let stored: CatalogEntry?
            do { stored = try catalog.entry(key) } catch { return }
            if stored?.document.hex != blob { stale.append((key, blob)) }
        }
        guard read != nil else { return }
        for (key, blob) in stale {
            try? connection.remove(key, blob: blob, documentOf: { try? self.document(ofBlob: $0) })
        }
        // A note its records no longer keep (taken back, or a process killed before its record
        // was written: NoteIndex.swift).
        guard let notes = try? currentNotes(), let ids = try? connection.noteIDs() else { return }
        for id in ids.subtracting(notes.map(\.id)) { try? connection.removeNote(id) }
    }

    /// For `verify`: where the index and the catalog disagree. A missing or unfinished index
    /// is no problem (the next `find` builds it), nor is a document the catalog no longer
    /// names (a process killed between the two leaves one; `find` skips it, `gc` removes it);
    /// a damaged index, or one that lacks a stored document, is.
    ///
    /// Each stored document is looked up in the index (its `UNIQUE(key, blob)`), not the
    /// index's documents held: of a million, what is held is the problems.
    func fullTextProblems() -> [Problem] {
        let name = "fulltext/index.db"
        let fix = "'reader cache reindex' rebuilds it"
        do {
            // Read-write when it may (closing the last connection then removes the WAL files
            // it made: the store is left as it was), else read-only (a read-only store).
            let connection = try (try? fullText.open()) ?? fullText.open(readOnly: true)
            guard let connection, let state = try connection.state(), state.current && state.complete else {
                return []
            }
            // Every passage table read as a search reads it: a value out of range is damage.
            try connection.checkPassageTables()
            do {
                try connection.checkRelations()
            } catch let failure as SQLite.Failure where failure.isDamage {
                return [Problem(kind: "index", name: name, reason: "its relation index is damaged (\(failure)); \(fix)")]
            }
            var documents: [Problem] = []
            do {
                try catalog.forEachEntry { key, entry in
                    guard try !connection.holds(key, blob: entry.document.hex) else { return }
                    documents.append(Problem(kind: "index", name: name, reason: "lacks \(key) as stored; \(fix)"))
                }
            } catch let failure as SQLite.Failure {
                throw failure
            } catch {
                // The catalog's own walk names what is wrong with it.
                return []
            }
            let notes = try connection.noteIDs()
            return documents
                + ((try? currentNotes()) ?? []).filter { !notes.contains($0.id) }.map { note in
                    Problem(kind: "index", name: name, reason: "lacks the note \(note.id.prefix(8)) on \(note.key); \(fix)")
                }
        } catch let failure as SQLite.Failure where !failure.isDamage {
            // Busy past the timeout, a store that cannot be written to: not damage.
            return []
        } catch {
            return [Problem(kind: "index", name: name, reason: "damaged (\(error)); \(fix)")]
        }
    }
}
