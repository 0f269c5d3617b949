import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderRendering

extension Reader {
    /// The lists the text view of `document` ends with: for each kind of relation it has that
    /// is ``RelationKind/listed`` (`cites`), its targets, each with its label, the words that
    /// open it and its title — from the document's own relations, so without the relation
    /// index. `index`: the stored entry of the document that describes this one (the RFC index
    /// for an RFC), which titles the targets it lists (``ShownTitle``); without a describing
    /// reference the titles are the stored targets' own, read from the catalog.
    func relationLists(of document: Document, index: CatalogEntry?) -> (lists: [RelationList], usedCatalog: Bool) {
        var targets: [String: [String]] = [:]
        var types: [String] = []
        var seen: Set<[String]> = []
        for relation in document.relations where relation.subject == nil && relation.target != document.key {
            guard seen.insert([relation.type, relation.target]).inserted else { continue }
            if targets[relation.type] == nil { types.append(relation.type) }
            targets[relation.type, default: []].append(relation.target)
        }
        let kinds = types.compactMap { listedKind($0, of: document) }
        guard !kinds.isEmpty else { return ([], false) }
        let keys = Array(Set(kinds.flatMap { targets[$0.name] ?? [] })).sorted()
        var titles: [String: String?] = [:]
        let usedCatalog = document.describedBy == nil
        if usedCatalog {
            for key in keys { titles[key] = ((try? store.entry(key)) ?? nil)?.title }
        } else if index != nil {
            // The listings' titles of the targets (the RFC index's, for the RFCs it cites).
            titles = store.shownTitles(keys.map { ($0, nil) }, sources: titleSources)
        }
        let lists = kinds.map { kind in
            // In the order of their keys, numbers as numbers (`rfc/791` before `rfc/1122`).
            let ordered = (targets[kind.name] ?? []).sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            return RelationList(
                heading: kind.label,
                members: ordered.map { key in
                    RelationList.Member(
                        label: label(ofKey: key) ?? key, shorthand: shorthand(ofKey: key), title: titles[key] ?? nil)
                })
        }
        return (lists, usedCatalog)
    }

    /// The kind named `type` when it is listed: a standard kind, else one the document's module
    /// declares (looked up only then, so that an RFC never loads the plugin path's modules).
    private func listedKind(_ type: String, of document: Document) -> RelationKind? {
        if let kind = RelationKind.standard.first(where: { $0.name == type }) { return kind.listed ? kind : nil }
        let module = registry.builtinModule(for: document.source) ?? registry.module(for: document.source)
        return module?.descriptor.relationKinds.first { $0.name == type && $0.listed }
    }
}
