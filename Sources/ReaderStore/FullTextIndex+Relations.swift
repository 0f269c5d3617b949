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
}

/// The relations of one document to one target of one type, in one row of the index: an RFC
/// cites RFC 2119 from a dozen sections, and a row for each place made 3.5 times the rows
/// (300 RFCs), each written into three B-trees. The places — the section each is made in and
/// the target's section it names — are kept in the row's `places`, each with its position
/// among the document's relations, so that they read back in the order the document told them.
struct RelationGroup: Sendable, Equatable {
    var subject: String
    var type: String
    var target: String
    /// `position \u{1F} section \u{1F} target section`, joined by `\u{1E}`; an empty section is none.
    var places: String

    /// The relations `document` (stored under `key`) declares, grouped by subject (the
    /// document's key when the module named none), type and target, groups in the order of
    /// their first relation. Each relation once; one without a type or a target says nothing
    /// and is left out; an empty section is none.
    static func of(_ document: Document, key: String) -> [RelationGroup] {
        struct Name: Hashable {
            var subject: String
            var type: String
            var target: String
        }
        struct Place: Hashable {
            var group: Int
            var section: String
            var targetSection: String
        }
        var groups: [RelationGroup] = []
        var numbers: [Name: Int] = [:]
        var seen: Set<Place> = []
        for relation in document.relations where !relation.type.isEmpty && !relation.target.isEmpty {
            let name = Name(subject: relation.subject ?? key, type: relation.type, target: relation.target)
            let group: Int
            if let found = numbers[name] {
                group = found
            } else {
                group = groups.count
                numbers[name] = group
                groups.append(RelationGroup(subject: name.subject, type: name.type, target: name.target, places: ""))
            }
            let place = Place(group: group, section: cleaned(relation.section), targetSection: cleaned(relation.targetSection))
            guard seen.insert(place).inserted else { continue }
            if !groups[group].places.isEmpty { groups[group].places += "\u{1E}" }
            groups[group].places += "\(seen.count - 1)\u{1F}\(place.section)\u{1F}\(place.targetSection)"
        }
        return groups
    }

    /// The relations of a row as read back, each with its position; a place that is not
    /// `position, section, section` (a row someone else wrote) is left out.
    static func relations(subject: String, type: String, target: String, places: String) -> [(Int, IndexedRelation)] {
        places.split(separator: "\u{1E}", omittingEmptySubsequences: true).compactMap { place in
            let parts = place.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard parts.count == 3, let ordinal = Int(parts[0]) else { return nil }
            return (
                ordinal,
                IndexedRelation(
                    subject: subject, type: type, target: target, section: parts[1].isEmpty ? nil : String(parts[1]),
                    targetSection: parts[2].isEmpty ? nil : String(parts[2]))
            )
        }
    }

    /// A section as kept: none is empty, and the two separators are never part of one.
    private static func cleaned(_ section: String?) -> String {
        guard let section else { return "" }
        // Asked of the bytes: a walk by characters was a fifth of the grouping.
        return section.utf8.contains(where: { $0 == 0x1E || $0 == 0x1F })
            ? section.filter { $0 != "\u{1E}" && $0 != "\u{1F}" } : section
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
            SELECT r.subject, r.type, r.target, r.places, d.key, d.blob, r.document
            FROM relations r JOIN documents d ON d.id = r.document WHERE \(condition)
            """
        ).bind(.text(key))
        defer { read.reset() }
        var rows: [(document: Int64, ordinal: Int, row: RelationRow)] = []
        while try read.step() {
            let (documentKey, documentBlob, document) = (read.text(4) ?? "", read.text(5) ?? "", read.integer(6))
            let relations = RelationGroup.relations(
                subject: read.text(0) ?? "", type: read.text(1) ?? "", target: read.text(2) ?? "", places: read.text(3) ?? "")
            for (ordinal, relation) in relations {
                rows.append((document, ordinal, RelationRow(relation: relation, documentKey: documentKey, documentBlob: documentBlob)))
            }
        }
        // Each document's relations in the order it told them, documents in the order indexed.
        return rows.sorted { ($0.document, $0.ordinal) < ($1.document, $1.ordinal) }.map(\.row)
    }

    /// For `cache verify`: throws a damage failure when a relation belongs to no indexed
    /// document, or names no type or target (nothing this version writes).
    func checkRelations() throws {
        let orphans = try database.prepare(
            """
            SELECT count(*) FROM relations r
            WHERE r.type = '' OR r.target = '' OR r.subject = '' OR r.places = '' OR NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = r.document)
            """
        ).first { $0.integer(0) }
        if let orphans, orphans > 0 {
            throw SQLite.Failure(
                code: SQLITE_CORRUPT, message: "the relation index holds \(orphans) relations of no indexed document")
        }
    }
}
