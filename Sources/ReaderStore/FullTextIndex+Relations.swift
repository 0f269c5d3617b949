import CSQLite
import ReaderPluginAPI
import ReaderSupport

/// One row of the relation index: a ``Relation`` with its subject made explicit.
package struct IndexedRelation: Sendable, Hashable {
    /// The key of the document the relation is of: the indexed document's, or the one its
    /// module named (the RFC index tells that `rfc/9293` obsoletes `rfc/793`).
    package var subject: String
    package var type: String
    package var target: String
    package var section: String?
    package var targetSection: String?

    /// The relations `document` (stored under `key`) declares, each once, in its order. A
    /// relation without a type or a target says nothing and is left out.
    static func of(_ document: Document, key: String) -> [IndexedRelation] {
        var seen: Set<IndexedRelation> = []
        var rows: [IndexedRelation] = []
        for relation in document.relations where !relation.type.isEmpty && !relation.target.isEmpty {
            let row = IndexedRelation(
                subject: relation.subject ?? key, type: relation.type, target: relation.target, section: relation.section,
                targetSection: relation.targetSection)
            if seen.insert(row).inserted { rows.append(row) }
        }
        return rows
    }
}

/// Reading the relation index. Its rows come from a file anyone with the store's folder may
/// have written: each is returned with the key and blob of the document it was indexed from,
/// for the caller to keep only those the catalog names (a stale version a killed process left,
/// or a row crafted for a document never stored, says nothing), and its text goes to the
/// terminal only through the sanitizer like every other stored string.
extension FullTextIndex.Connection {
    /// A row of the relation index, with the document (key and blob) it came from.
    package struct RelationRow: Sendable {
        package var relation: IndexedRelation
        package var documentKey: String
        package var documentBlob: String
    }

    /// The relations whose subject is `key` (what it cites, links, obsoletes).
    package func relations(from key: String) throws -> [RelationRow] {
        try relationRows("r.subject = ?", key)
    }

    /// The relations whose target is `key` (what cites, links or obsoletes it).
    package func relations(to key: String) throws -> [RelationRow] {
        try relationRows("r.target = ?", key)
    }

    private func relationRows(_ condition: String, _ key: String) throws -> [RelationRow] {
        let read = try database.cached(
            """
            SELECT r.subject, r.type, r.target, r.section, r.target_section, d.key, d.blob
            FROM relations r JOIN documents d ON d.id = r.document WHERE \(condition)
            """
        ).bind(.text(key))
        defer { read.reset() }
        var rows: [RelationRow] = []
        while try read.step() {
            let relation = IndexedRelation(
                subject: read.text(0) ?? "", type: read.text(1) ?? "", target: read.text(2) ?? "", section: read.text(3),
                targetSection: read.text(4))
            rows.append(RelationRow(relation: relation, documentKey: read.text(5) ?? "", documentBlob: read.text(6) ?? ""))
        }
        return rows
    }

    /// For `cache verify`: throws a damage failure when a relation belongs to no indexed
    /// document, or names no type or target (nothing this version writes).
    func checkRelations() throws {
        let orphans = try database.prepare(
            """
            SELECT count(*) FROM relations r
            WHERE r.type = '' OR r.target = '' OR r.subject = '' OR NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = r.document)
            """
        ).first { $0.integer(0) }
        if let orphans, orphans > 0 {
            throw SQLite.Failure(
                code: SQLITE_CORRUPT, message: "the relation index holds \(orphans) relations of no indexed document")
        }
    }
}
