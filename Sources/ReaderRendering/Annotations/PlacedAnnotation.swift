import ReaderPluginAPI

/// An ``Annotation`` of another document, with the place the engine found for it in the
/// document being opened (``AnnotationPlacement``).
public struct PlacedAnnotation: Sendable, Hashable {
    public enum Place: String, Sendable, Hashable {
        /// At the passage it quotes.
        case text
        /// At the heading of the section it names (its quote was not found).
        case section
        /// After the body: neither was found.
        case end
    }

    public var annotation: Annotation
    /// The name of its ``AnnotationSet`` (`errata`).
    public var set: String
    public var place: Place
    /// The top-level block it is shown after; nil at the end.
    public var block: Int?
    /// The number of the section it is shown in; nil at the end or before the first heading.
    public var section: String?

    public init(annotation: Annotation, set: String, place: Place, block: Int?, section: String?) {
        self.annotation = annotation
        self.set = set
        self.place = place
        self.block = block
        self.section = section
    }
}

/// Which annotations a view shows: `--errata shown|all|none` (the option takes its name
/// from the ``AnnotationSet``).
public enum AnnotationVisibility: String, Sendable, CaseIterable {
    /// Those whose status is ``AnnotationStatus/shown`` (a rejected erratum is not).
    case shown
    case all
    case none
}

/// The annotations of one declared set on the document opened, placed, with the set (its
/// statuses and words). Present when the set's document is stored, even with no annotation
/// on this one (`"errata": []`).
public struct PlacedAnnotations: Sendable, Hashable {
    public var set: AnnotationSet
    public var annotations: [PlacedAnnotation]

    public init(set: AnnotationSet, annotations: [PlacedAnnotation]) {
        self.set = set
        self.annotations = annotations
    }

    /// The annotations `filter` lets through.
    public func visible(_ filter: AnnotationVisibility) -> [PlacedAnnotation] {
        switch filter {
        case .none: return []
        case .all: return annotations
        case .shown:
            let shown = Set(set.statuses.filter(\.shown).map(\.code))
            return annotations.filter { shown.contains($0.annotation.status) }
        }
    }

    /// "2 verified, 1 held, 5 rejected": every status with a count, in the declared order;
    /// nil when there are none.
    public var summary: String? {
        var parts: [String] = []
        for status in set.statuses {
            let count = annotations.count { $0.annotation.status == status.code }
            if count > 0 { parts.append("\(count) \(status.label)") }
        }
        let others = annotations.count { annotation in !set.statuses.contains { $0.code == annotation.annotation.status } }
        if others > 0 { parts.append("\(others) other") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The words beside an annotation of `status` (`reported, not verified`).
    public func describe(_ status: String) -> String {
        set.statuses.first { $0.code == status }?.description ?? status
    }
}
