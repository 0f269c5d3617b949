import ReaderPluginAPI

/// Putting documents in and taking them out, one transaction each.
extension FullTextIndex.Connection {
    /// What the index keeps of a document besides its passages.
    struct DocumentFacts {
        var key: String
        var blob: BlobID
        var source: String
        var title: String
        /// An RFC's number, and the RFCs it obsoletes: `find` ranks an RFC below the one
        /// that obsoletes it.
        var number: Int?
        var obsoletes: [Int]

        init(key: String, blob: BlobID, document: Document) {
            self.key = key
            self.blob = blob
            source = document.source
            title = document.title
            if case .number(let number)? = document.extra["number"] { self.number = Int(exactly: number) }
            obsoletes = Self.numbers(document.extra["obsoletes"])
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

    /// Puts `document` in, beside what the index holds under its key: the store calls it
    /// before the catalog names the new blob, and ``retire(_:keeping:passagesOf:)`` after, so
    /// that a process killed in between leaves the index holding the stored document (and a
    /// stale one that `find` skips, since the catalog does not name it, and `gc` removes).
    /// A document already in under the same blob is left as it is.
    func add(_ facts: DocumentFacts, _ document: Document) throws {
        try database.transaction {
            let known = try database.prepare("SELECT 1 FROM documents WHERE key = ? AND blob = ?")
                .bind(.text(facts.key), .text(facts.blob.hex))
            if try known.step() { return }
            try insert(facts, Passage.of(document))
        }
    }

    /// Takes out the documents of `key` other than `blob`'s (the versions stored before).
    func retire(_ key: String, keeping blob: BlobID, passagesOf: (BlobID) -> [Passage]?) throws {
        try database.transaction {
            for (id, other) in try versions(of: key) where other != blob.hex {
                try removeInTransaction(id, passagesOf: passagesOf)
            }
        }
    }

    /// Takes the documents of `keys` out, every version, each in a transaction of its own.
    func remove(_ keys: [String], passagesOf: (BlobID) -> [Passage]?) throws {
        for key in keys {
            try database.transaction {
                for (id, _) in try versions(of: key) { try removeInTransaction(id, passagesOf: passagesOf) }
            }
        }
    }

    /// Takes out one version of a document (`gc`: one the catalog no longer names).
    func remove(_ key: String, blob: String, passagesOf: (BlobID) -> [Passage]?) throws {
        try database.transaction {
            for (id, other) in try versions(of: key) where other == blob { try removeInTransaction(id, passagesOf: passagesOf) }
        }
    }

    private func versions(of key: String) throws -> [(id: Int64, blob: String)] {
        let read = try database.prepare("SELECT id, blob FROM documents WHERE key = ?").bind(.text(key))
        var versions: [(id: Int64, blob: String)] = []
        while try read.step() { versions.append((read.integer(0), read.text(1) ?? "")) }
        return versions
    }

    /// Empties the index and puts `documents` in, all in one transaction: a process killed
    /// meanwhile leaves the index as it was. Marks it complete.
    func rebuild(_ documents: some Sequence<(DocumentFacts, Document)>) throws -> Int {
        let indexed = try database.transaction {
            try database.execute(
                "INSERT INTO text(text) VALUES ('delete-all'); DELETE FROM passages; DELETE FROM documents")
            var count = 0
            for (facts, document) in documents {
                try insert(facts, Passage.of(document))
                count += 1
            }
            try markComplete()
            // Merged into one segment: smaller, and a query reads one b-tree per word.
            try database.execute("INSERT INTO text(text) VALUES ('optimize')")
            return count
        }
        // The pages of the index that was emptied go back to the file system.
        try? database.execute("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)")
        return indexed
    }

    private func insert(_ facts: DocumentFacts, _ passages: [Passage]) throws {
        try database.prepare("INSERT INTO documents(key, blob, source, title, number, obsoletes) VALUES (?, ?, ?, ?, ?, ?)")
            .bind(
                .text(facts.key), .text(facts.blob.hex), .text(facts.source), .text(facts.title),
                facts.number.map { .integer(Int64($0)) } ?? .null, .text(facts.obsoletes.map(String.init).joined(separator: ","))
            ).run()
        let document = database.lastInsertedRow
        let passageRow = try database.prepare("INSERT INTO passages(document, ordinal, number, heading) VALUES (?, ?, ?, ?)")
        let words = try database.prepare("INSERT INTO text(rowid, title, heading, body) VALUES (?, ?, ?, ?)")
        for (ordinal, passage) in passages.enumerated() {
            try passageRow.bind(
                .integer(document), .integer(Int64(ordinal)), passage.number.map { .text($0) } ?? .null,
                passage.heading.map { .text($0) } ?? .null
            )
            .run()
            try words.bind(.integer(database.lastInsertedRow), .text(facts.title), .text(passage.heading ?? ""), .text(passage.body))
                .run()
        }
    }

    /// Takes a document out. A contentless FTS5 table forgets a row only when told the words
    /// it was given, so the passages are made again from the document's blob; when that blob
    /// cannot be read, the words stay behind, under row ids never used again (`AUTOINCREMENT`)
    /// and joined to no passage, so no search returns them (`reader cache reindex` clears them).
    private func removeInTransaction(_ document: Int64, passagesOf: (BlobID) -> [Passage]?) throws {
        let find = try database.prepare("SELECT blob, title FROM documents WHERE id = ?").bind(.integer(document))
        guard try find.step() else { return }
        let title = find.text(1) ?? ""
        let rows = try database.prepare("SELECT id FROM passages WHERE document = ? ORDER BY id").bind(.integer(document))
        var ids: [Int64] = []
        while try rows.step() { ids.append(rows.integer(0)) }
        if let blob = find.text(0).flatMap(BlobID.init(hex:)), let passages = passagesOf(blob), passages.count == ids.count {
            let forget = try database.prepare("INSERT INTO text(text, rowid, title, heading, body) VALUES ('delete', ?, ?, ?, ?)")
            for (id, passage) in zip(ids, passages) {
                try forget.bind(.integer(id), .text(title), .text(passage.heading ?? ""), .text(passage.body)).run()
            }
        }
        try database.prepare("DELETE FROM passages WHERE document = ?").bind(.integer(document)).run()
        try database.prepare("DELETE FROM documents WHERE id = ?").bind(.integer(document)).run()
    }
}
