import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// The store's side of the relation index (kept in the full-text index's file, written and
/// taken out with each document: ``Store/index(_:key:blob:blockStarts:newStore:)``,
/// ``Store/unindex(_:)``, rebuilt by ``Store/reindex()``).
extension Store {
    /// The stored relations of `key` both ways: `outgoing`, those it has (its own, and what
    /// another document tells of it); `incoming`, those others have to it or to a part of it
    /// (a tweet of a timeline: what it ``RelationKind/contains``). Only rows of the document
    /// versions the catalog names count. `note`: the index was rebuilt first, and why.
    package func relations(of key: String) throws -> (outgoing: [IndexedRelation], incoming: [IndexedRelation], note: String?) {
        var (connection, _, note) = try fullTextForSearch()
        do {
            return try relations(of: key, in: connection, note: note)
        } catch let failure as SQLite.Failure where failure.isDamage {
            // Damage met while reading: rebuilt from the blobs, then read once more.
            (connection, _, note) = try fullTextForSearch(damage: failure)
            return try relations(of: key, in: connection, note: note)
        } catch let failure as SQLite.Failure {
            throw failure.storageError(fullText.path)
        }
    }

    private func relations(
        of key: String, in connection: FullTextIndex.Connection?, note: String?
    ) throws -> (outgoing: [IndexedRelation], incoming: [IndexedRelation], note: String?) {
        guard let connection else { return ([], [], note) }
        // The entries of the rows' documents, each looked up once: not the catalog read whole.
        var documents: [String: String?] = [:]
        func stored(_ rows: [FullTextIndex.Connection.RelationRow]) throws -> [IndexedRelation] {
            try rows.filter { row in
                if documents[row.documentKey] == nil { documents[row.documentKey] = try catalog.entry(row.documentKey)?.document.hex }
                return documents[row.documentKey] == row.documentBlob
            }.map(\.relation)
        }
        let outgoing = try stored(try connection.relations(from: key))
        var incoming = try stored(try connection.relations(to: key))
        // A part's relations are the whole's, seen from the part's section (the post).
        for part in outgoing where part.type == RelationKind.contains.name && part.target != key {
            let others = try stored(try connection.relations(to: part.target)).filter {
                !($0.subject == key && $0.type == RelationKind.contains.name)
            }
            incoming += others.map { row in
                var row = row
                row.targetSection = row.targetSection ?? part.section
                return row
            }
        }
        return (outgoing, incoming, note)
    }
}

extension Store {
    /// The words for a key a stored listing would describe but does not list.
    package static let notInIndex = "not in the index"

    /// Why each document of `ids` (entry id → key) has nothing to fetch, as the stored listing
    /// `index` says: its entry marks it (`field` true: `reason`), or it has none. The
    /// listing's entries are read in one pass; a key it lists with a document is absent from
    /// the answer.
    package func unavailability(of ids: [String: String], index: CatalogEntry, field: String?, reason: String) -> [String: String] {
        guard !ids.isEmpty, let lines = try? indexEntries(ids.keys.sorted(), of: index) else { return [:] }
        var unavailable: [String: String] = [:]
        for key in ids.values { unavailable[key] = Self.notInIndex }
        for line in lines {
            guard let key = ids[line.id] ?? Int(line.id).flatMap({ ids[String($0)] }) else { continue }
            unavailable[key] = field.map { line.fields[$0] == .bool(true) } == true ? reason : nil
        }
        return unavailable
    }
}

extension Store {
    /// A relation of a document with the stored document that tells it (its catalog key and
    /// document blob): what a kept view drawn from it depends on.
    package struct ToldRelation: Sendable {
        package var relation: IndexedRelation
        package var toldBy: String
        package var toldIn: BlobID
    }

    /// The stored relations of `key` both ways, each with the document that tells it, as
    /// ``relations(of:)`` reads them but only from an index that is already current and
    /// complete: nil otherwise. Reading never builds the index — `open` asks this for a
    /// document's banners, and a missing index must not turn an open into a rebuild of the store.
    package func relationsIfIndexed(of key: String) -> (outgoing: [ToldRelation], incoming: [ToldRelation])? {
        do {
            guard let connection = try fullText.open(), case (current: true, complete: true)? = try connection.state()
            else { return nil }
            // The few documents that tell of one key, each looked up once (not the whole catalog).
            var blobs: [String: BlobID?] = [:]
            func stored(_ rows: [FullTextIndex.Connection.RelationRow]) throws -> [ToldRelation] {
                try rows.compactMap { row in
                    if blobs[row.documentKey] == nil {
                        // `updateValue`: a document no longer stored is remembered as such.
                        let stored: BlobID? = try entry(row.documentKey)?.document
                        blobs.updateValue(stored, forKey: row.documentKey)
                    }
                    guard let blob = blobs[row.documentKey] ?? nil, blob.hex == row.documentBlob else { return nil }
                    return ToldRelation(relation: row.relation, toldBy: row.documentKey, toldIn: blob)
                }
            }
            return (try stored(try connection.relations(from: key)), try stored(try connection.relations(to: key)))
        } catch {
            return nil
        }
    }
}
