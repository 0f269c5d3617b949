import DocumentJSON
import ReaderPluginAPI

/// The store's side of the full-text index (``FullTextIndex``): every stored document goes
/// in when it is committed and out when it is removed; `gc` and `verify` hold it to the
/// catalog; a lost, damaged or unfinished index is built again from the document blobs.
extension Store {
    /// Puts a document about to be committed into the index (see
    /// ``FullTextIndex/Connection/add(_:_:)`` for the order). A write of the store like the
    /// blobs': when it fails (a full disk), the document is not stored either, so the index
    /// never lacks a stored document. A damaged index is made anew, unfinished, for the next
    /// `find` to fill. `newStore`: the catalog holds nothing yet, so a new index is complete.
    func index(_ document: Document, key: String, blob: BlobID, newStore: Bool) throws {
        let facts = FullTextIndex.Connection.DocumentFacts(key: key, blob: blob, document: document)
        do {
            do {
                try fullText.open(create: true, complete: newStore)?.add(facts, document)
            } catch let failure as SQLite.Failure where failure.isDamage {
                try fullText.remove()
                try fullText.open(create: true, complete: false)?.add(facts, document)
            }
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// Takes out what the index held under `key` before `blob`, once the catalog names `blob`.
    func retire(_ key: String, keeping blob: BlobID) {
        guard let connection = try? fullText.open() else { return }
        try? connection.retire(key, keeping: blob, passagesOf: passages(ofBlob:))
    }

    /// Takes `keys` out of the index (`cache rm`); their blobs are still there to say which
    /// words to forget.
    func unindex(_ keys: [String]) {
        guard let connection = try? fullText.open() else { return }
        try? connection.remove(keys, passagesOf: passages(ofBlob:))
    }

    /// The passages of a stored document blob, as they were indexed; nil when it cannot be read.
    func passages(ofBlob blob: BlobID) -> [Passage]? {
        guard let bytes = try? blobs.get(blob), let document = try? DocumentCodec.decode(bytes) else { return nil }
        return Passage.of(document)
    }

    /// The stored document of blob `id`.
    func document(ofBlob id: BlobID) throws -> Document {
        let bytes = try blobs.get(id)
        do {
            return try DocumentCodec.decode(bytes)
        } catch {
            throw ReaderError.damaged(what: "document blob \(id)", reason: "not a document")
        }
    }

    /// Empties the index and puts every stored document in again, from the blobs
    /// (`reader cache reindex`); the number of documents indexed. A document whose blob is
    /// damaged is left out (`cache verify` names it).
    @discardableResult
    public func reindex() throws -> Int {
        let entries = try catalog.read().entries.sorted { $0.key < $1.key }
        let documents = entries.lazy.compactMap { key, entry -> (FullTextIndex.Connection.DocumentFacts, Document)? in
            guard let document = try? self.document(ofBlob: entry.document) else { return nil }
            return (.init(key: key, blob: entry.document, document: document), document)
        }
        do {
            do {
                return try fullText.open(create: true)?.rebuild(documents) ?? 0
            } catch let failure as SQLite.Failure where failure.isDamage {
                // Not a database SQLite can read: made anew.
                try fullText.remove()
                return try fullText.open(create: true)?.rebuild(documents) ?? 0
            }
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
    }

    /// The index, ready to search: built from the blobs first when it is missing while
    /// documents are stored, damaged, made by another version of `reader`, or unfinished.
    /// `note` then says so, in one line, for the user.
    func fullTextForSearch() throws -> (connection: FullTextIndex.Connection?, note: String?) {
        let reason: String
        do {
            if let connection = try fullText.open() {
                switch try connection.state() {
                case (current: true, complete: true)?: return (connection, nil)
                case (current: true, complete: false)?: reason = "the full-text index lacked documents stored before it"
                case (current: false, _)?: reason = "the full-text index was made by another version of reader"
                case nil: reason = "the full-text index was damaged (no index tables)"
                }
            } else {
                guard try !catalog.read().entries.isEmpty else { return (nil, nil) }
                reason = "the full-text index was missing"
            }
        } catch let failure as SQLite.Failure where failure.isDamage {
            reason = "the full-text index was damaged (\(failure))"
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
        if reason.contains("damaged") || reason.contains("version") { try fullText.remove() }
        let count = try reindex()
        return (try fullText.open(), "\(reason): rebuilt it from \(count) stored \(count == 1 ? "document" : "documents")")
    }

    /// For `gc`: takes out what the catalog no longer names (under the writers lock, before
    /// the blobs go, so that their words can still be forgotten).
    func pruneFullText(_ catalog: Catalog) {
        guard let connection = try? fullText.open(), let indexed = try? connection.documents() else { return }
        for (key, blob) in indexed where catalog.entries[key]?.document.hex != blob {
            try? connection.remove(key, blob: blob, passagesOf: passages(ofBlob:))
        }
    }

    /// For `verify`: where the index and the catalog disagree. A missing or unfinished index
    /// is no problem (the next `find` builds it), nor is a document the catalog no longer
    /// names (a process killed between the two leaves one; `find` skips it, `gc` removes it);
    /// a damaged index, or one that lacks a stored document, is.
    func fullTextProblems(_ catalog: Catalog) -> [Problem] {
        let name = "fulltext/index.db"
        let fix = "'reader cache reindex' rebuilds it"
        do {
            // Read-write when it may (closing the last connection then removes the WAL files
            // it made: the store is left as it was), else read-only (a read-only store).
            let connection = try (try? fullText.open()) ?? fullText.open(readOnly: true)
            guard let connection, let state = try connection.state(), state.current && state.complete else {
                return []
            }
            let indexed = Set(try connection.documents().map { $0.key + " " + $0.blob })
            return catalog.entries.sorted(by: { $0.key < $1.key }).compactMap { key, entry in
                indexed.contains(key + " " + entry.document.hex)
                    ? nil : Problem(kind: "index", name: name, reason: "lacks \(key) as stored; \(fix)")
            }
        } catch let failure as SQLite.Failure where !failure.isDamage {
            // Busy past the timeout, a store that cannot be written to: not damage.
            return []
        } catch {
            return [Problem(kind: "index", name: name, reason: "damaged (\(error)); \(fix)")]
        }
    }
}
