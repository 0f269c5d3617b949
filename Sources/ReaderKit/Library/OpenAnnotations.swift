import ReaderCatalog
import ReaderPluginAPI
import ReaderRendering
import ReaderStore
import ReaderSupport

extension Reader {
    /// The annotations other stored documents make on `document` (errata on an RFC), placed
    /// in its text, one value per declared ``AnnotationSet`` whose document is stored; and
    /// each set's document as it is now, which a kept view depends on (a set not stored is a
    /// dependency too: storing it makes the view stale).
    ///
    /// The common case costs a catalog lookup per declared set: no set stored, nothing read.
    func annotations(on document: Document) -> (sets: [PlacedAnnotations], dependencies: [ViewCache.Dependency]) {
        var sets: [PlacedAnnotations] = []
        var dependencies: [ViewCache.Dependency] = []
        var placement: AnnotationPlacement?
        for set in registry.firstAnnotationSets where set.key != document.key {
            let entry = (try? store.entry(set.key)) ?? nil
            dependencies.append(ViewCache.Dependency(key: set.key, document: entry?.document))
            guard let entry, let byTarget = annotations(of: entry) else { continue }
            let mine = byTarget[document.key] ?? []
            if !mine.isEmpty, placement == nil { placement = AnnotationPlacement(document) }
            let placed = mine.compactMap { placement?.place($0, set: set.name) }
            sets.append(PlacedAnnotations(set: set, annotations: placed))
        }
        return (sets, dependencies)
    }

    /// The annotations of a stored annotating document, grouped by target; nil when it cannot
    /// be read (then its annotations are not shown, and the document opens).
    private func annotations(of entry: CatalogEntry) -> [String: [Annotation]]? {
        if let known = annotationsByTarget.withLock({ $0[entry.document] }) { return known }
        guard let document = try? store.document(of: entry) else { return nil }
        let grouped = Dictionary(grouping: document.annotations, by: \.target)
        annotationsByTarget.withLock { $0[entry.document] = grouped }
        return grouped
    }
}
