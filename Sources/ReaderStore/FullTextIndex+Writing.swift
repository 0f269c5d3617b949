import CSQLite
import ReaderPluginAPI
import ReaderSupport

/// Putting documents in and taking them out, one transaction for each change.
extension FullTextIndex.Connection {
    /// A document made ready for the index — its passages cut, their words counted — before
    /// any transaction begins (on any thread): the write lock is held only to write.
    struct PreparedDocument: Sendable {
        struct Row: Sendable {
            var firstBlock: Int
            /// Where the first block starts in the document's JSON, when known.
            var offset: Int?
            var length: Int
            var headingLength: Int
            var headingHashes: [UInt16]
            var frequentHashes: [UInt16]
            var words: [UInt8]
        }

        var key: String
        var blob: BlobID
        var source: String
        var title: String
        /// An RFC's number, and the RFCs it obsoletes: `find` ranks an RFC below the one that
        /// obsoletes it.
        var number: Int?
        var obsoletes: [Int]
        var rows: [Row]
        /// How many words the title has, and the hashes of its distinct words.
        var titleLength: Int
        var titleHashes: [UInt16]
        /// The document's relations, each once, with its subject (the document's key when the
        /// module named none), a row for each subject, type and target.
        var relations: [RelationGroup]

        /// `blockStarts`: where each block starts in the document's JSON (as its writer or
        /// reader told), or empty when not known.
        init(key: String, blob: BlobID, document: Document, blockStarts: [Int] = [], maker: PassageWords.Maker = .init()) {
            self.key = key
            self.blob = blob
            source = document.source
            title = document.title
            if case .number(let number)? = document.extra["number"] { self.number = Int(exactly: number) }
            obsoletes = Self.numbers(document.extra["obsoletes"])
            let title = PassageWords.titleWords(document.title)
            var titleLength = 0
            WordTokens.forEachFoldedWord(in: document.title) { _ in titleLength += 1 }
            self.titleLength = titleLength
            titleHashes = title.map(WordHash.of)
            relations = RelationGroup.of(document, key: key)
            var rows: [Row] = []
            Passage.forEachBody(in: document) { passage, body in
                let words = maker.words(of: passage, body: body, title: title)
                let offset = blockStarts.indices.contains(passage.firstBlock) ? blockStarts[passage.firstBlock] : nil
                rows.append(
                    Row(
                        firstBlock: passage.firstBlock, offset: offset, length: words.length, headingLength: words.headingLength,
                        headingHashes: words.headingHashes, frequentHashes: words.frequentHashes, words: words.text))
            }
            self.rows = rows
        }

        private static func numbers(_ value: JSONValue?) -> [Int] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { item in
                switch item {
                case .number(let number): return Int(exactly: number)
                case .string(let text): return Int(text.drop { !$0.isNumber })
                default: return nil
                }
            }
        }
    }

    /// Puts `documents` in, in one transaction, each beside what the index holds under its key:
    /// the store calls it before the catalog names the new blobs, and
    /// ``retire(_:keeping:documentOf:)`` after, so that a process killed in between leaves the
    /// index holding the stored documents (and stale versions, which `find` skips since the
    /// catalog does not name them, and `gc` removes). A document already in under the same blob
    /// is left as it is. Returns the keys that were indexed with another blob too: the ones to
    /// retire once the catalog names the new one.
    func add(_ documents: [PreparedDocument]) throws -> Set<String> {
        try database.transaction {
            var older: Set<String> = []
            var nextRow = try self.nextRow()
            for document in documents {
                let versions = try versions(of: document.key)
                if versions.contains(where: { $0.blob != document.blob.hex }) { older.insert(document.key) }
                if versions.contains(where: { $0.blob == document.blob.hex }) { continue }
                try insert(document, firstRow: &nextRow, staging: true)
            }
            try setNextRow(nextRow)
            return older
        }
    }

    /// Takes out the documents of `key` other than `blob`'s (the versions stored before).
    func retire(_ key: String, keeping blob: BlobID, documentOf: (BlobID) -> Document?) throws {
        try database.transaction {
            for (id, other) in try versions(of: key) where other != blob.hex {
                try removeInTransaction(id, documentOf: documentOf)
            }
        }
    }

    /// Takes the documents of `keys` out, every version, each in a transaction of its own.
    func remove(_ keys: [String], documentOf: (BlobID) -> Document?) throws {
        for key in keys {
            try database.transaction {
                for (id, _) in try versions(of: key) { try removeInTransaction(id, documentOf: documentOf) }
            }
        }
    }

    /// Takes out one version of a document (`gc`: one the catalog no longer names).
    func remove(_ key: String, blob: String, documentOf: (BlobID) -> Document?) throws {
        try database.transaction {
            for (id, other) in try versions(of: key) where other == blob { try removeInTransaction(id, documentOf: documentOf) }
        }
    }

    private func versions(of key: String) throws -> [(id: Int64, blob: String)] {
        let read = try database.cached("SELECT id, blob FROM documents WHERE key = ?").bind(.text(key))
        var versions: [(id: Int64, blob: String)] = []
        while try read.step() { versions.append((read.integer(0), read.text(1) ?? "")) }
        return versions
    }

    /// The row id the next passage indexed gets: ids are handed out in order and never again
    /// (``PassageTable``), whatever is taken out.
    func nextRow() throws -> Int64 {
        let next = try database.cached("SELECT value FROM meta WHERE name = 'next row'").first { $0.text(0).flatMap(Int64.init) }
        guard let next = next ?? nil, PassageTable.rowBound.contains(next) else {
            throw SQLite.Failure(code: SQLITE_CORRUPT, message: "the full-text index has no next row")
        }
        return next
    }

    func setNextRow(_ next: Int64) throws {
        try database.cached("UPDATE meta SET value = ? WHERE name = 'next row'").bind(.text(String(next))).run()
    }

    /// Writes `document` with its passages from row id `firstRow` on, which it moves past them.
    /// `staging`: its words go into the `staged` table, for ``foldStaged()`` to move into FTS5's
    /// with others; else straight into FTS5's (a rebuild, which is one transaction anyway).
    func insert(_ document: PreparedDocument, firstRow: inout Int64, staging: Bool = false) throws {
        let table = PassageTable(firstRow: firstRow, document: document)
        try database.cached("INSERT INTO documents(key, blob, source, title, number, obsoletes, first) VALUES (?, ?, ?, ?, ?, ?, ?)")
            .bind(
                .text(document.key), .text(document.blob.hex), .text(document.source), .text(document.title),
                document.number.map { .integer(Int64($0)) } ?? .null, .text(document.obsoletes.map(String.init).joined(separator: ",")),
                .integer(firstRow)
            ).run()
        let id = database.lastInsertedRow
        if !document.rows.isEmpty {
            try database.cached("INSERT INTO spans(first, document, passages) VALUES (?, ?, ?)")
                .bind(.integer(firstRow), .integer(id), .blob(table.encoded)).run()
        }
        let relation = try database.cached(
            "INSERT INTO relations(document, subject, type, target, places) VALUES (?, ?, ?, ?, ?)")
        for group in document.relations {
            try relation.bind(.integer(id), .text(group.subject), .text(group.type), .text(group.target), .text(group.places)).run()
        }
        let words = try database.cached(
            staging ? "INSERT INTO staged(row, words) VALUES (?, ?)" : "INSERT INTO text(rowid, words) VALUES (?, ?)")
        for (row, passage) in zip(table.rows, document.rows) { try words.bind(.integer(row)).run(text: passage.words, at: 2) }
        if staging { stagedBytes += document.rows.reduce(0) { $0 + $1.words.count } }
        firstRow = table.rows.upperBound
    }

    /// Takes a document out. A contentless FTS5 table forgets a row only when told the words
    /// it was given, so they are made again from the document's blob; when that blob cannot be
    /// read, the words stay behind, under row ids never used again (``PassageTable``), so no
    /// search returns them (`reader cache reindex` clears them).
    private func removeInTransaction(_ id: Int64, documentOf: (BlobID) -> Document?) throws {
        let found = try database.cached("SELECT key, blob, first FROM documents WHERE id = ?").bind(.integer(id)).first {
            (key: $0.text(0) ?? "", blob: $0.text(1).flatMap(BlobID.init(hex:)), first: $0.integer(2))
        }
        guard let (key, blob, first) = found else { return }
        guard PassageTable.rowBound.contains(first) else { throw PassageTable.damaged }
        // Words still staged are taken out of the staged table: FTS5's never had them.
        let span = try database.cached("SELECT passages FROM spans WHERE first = ? AND document = ?").bind(.integer(first), .integer(id))
            .first { PassageTable(firstRow: first, encoded: $0.blob(0)) }
        let rows = (span ?? nil)?.rows ?? first..<first
        try database.cached("DELETE FROM staged WHERE row >= ? AND row < ?").bind(.integer(rows.lowerBound), .integer(rows.upperBound))
            .run()
        if database.changes == 0, let blob, let document = documentOf(blob) {
            let prepared = PreparedDocument(key: key, blob: blob, document: document)
            let forget = try database.cached("INSERT INTO text(text, rowid, words) VALUES ('delete', ?, ?)")
            for (offset, row) in prepared.rows.enumerated() { try forget.bind(.integer(first + Int64(offset)), .utf8(row.words)).run() }
        }
        try database.cached("DELETE FROM relations WHERE document = ?").bind(.integer(id)).run()
        try database.cached("DELETE FROM spans WHERE first = ? AND document = ?").bind(.integer(first), .integer(id)).run()
        try database.cached("DELETE FROM documents WHERE id = ?").bind(.integer(id)).run()
    }
}
