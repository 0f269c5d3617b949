import Foundation
import ReaderPluginAPI
import ReaderRendering
import ReaderStore

extension Reader {
    /// The banners over a stored document, from its typed relations in the relation index:
    /// for each kind that is a ``RelationKind/banner``, the documents that have it to this one
    /// under the kind's inverse label ("Obsoleted by RFC 9293", "Came from draft-…-08"); for
    /// each kind with a ``RelationKind/subjectBanner``, the documents this one has it to under
    /// its label ("Became RFC 8288"). Kinds in their declared order, documents by key, numbers
    /// as numbers. The same lines for every source and every renderer (the contract's
    /// `notices`).
    ///
    /// What a kept view drawn with them depends on: each document that told one of the
    /// relations (the RFC index, the draft that replaces this one), and each document the
    /// modules declare as telling relations (``ModuleDescriptor/relationDocuments``), stored or
    /// not — storing one later makes the view stale. The fast path of `open` then stays one
    /// catalog lookup per dependency and never reads the relation index.
    ///
    /// Nil when the relation index cannot say without being built (missing, unfinished, made by
    /// another version): the caller shows the describing entry's notices as before. Reading it
    /// never builds it, so an `open` never turns into a rebuild of the store.
    func banners(of key: String) -> (lines: [String], dependencies: [ViewCache.Dependency])? {
        guard let (outgoing, incoming) = store.relationsIfIndexed(of: key) else { return nil }
        let (kinds, documents) = registry.firstRelationKinds
        var dependencies: [String: BlobID?] = [:]
        var lines: [String] = []
        func line(_ words: String, _ rows: [Store.ToldRelation], other: (IndexedRelation) -> String) {
            var keys: Set<String> = []
            for row in rows where other(row.relation) != key {
                keys.insert(other(row.relation))
                // The document's own relations change only with it, and its view is of it.
                if row.toldBy != key { dependencies.updateValue(row.toldIn, forKey: row.toldBy) }
            }
            guard !keys.isEmpty else { return }
            let ordered = keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            lines.append(words + " " + ordered.map { label(ofKey: $0) ?? $0 }.joined(separator: ", "))
        }
        for kind in kinds {
            if kind.banner { line(kind.inverseLabel, incoming.filter { $0.relation.type == kind.name }, other: \.subject) }
            if kind.subjectBanner { line(kind.label, outgoing.filter { $0.relation.type == kind.name }, other: \.target) }
        }
        for type in documents {
            guard let teller = try? locate(type, "").1.key, dependencies[teller] == nil else { continue }
            // `updateValue`: a nil document (not stored) is kept as a dependency, not removed.
            let stored: BlobID? = ((try? store.entry(teller)) ?? nil)?.document
            dependencies.updateValue(stored, forKey: teller)
        }
        let ordered = dependencies.keys.sorted().map { ViewCache.Dependency(key: $0, document: dependencies[$0] ?? nil) }
        return (lines, ordered)
    }
}
