import ReaderPluginAPI

/// Annotations shown in a reading view (text, Markdown, the site): each as a quote block after
/// the block it was placed at — its set's word, id, status and kind in bold, then the original
/// and corrected text, then its notes — and the unplaced ones after the body under a heading.
/// Being blocks of the body, they follow `--section` and every renderer's escaping.
public enum AnnotationLayout {
    /// The blocks of `document` with the visible annotations in place.
    public static func blocks(_ document: Document, _ sets: [PlacedAnnotations], _ filter: AnnotationVisibility) -> [Block] {
        var after: [Int: [Block]] = [:]
        var atEnd: [Block] = []
        for set in sets {
            for placed in set.visible(filter) {
                let note = block(placed, in: set)
                if let index = placed.block { after[index, default: []].append(note) } else { atEnd.append(note) }
            }
        }
        guard !after.isEmpty || !atEnd.isEmpty else { return document.blocks }
        var blocks: [Block] = []
        blocks.reserveCapacity(document.blocks.count + after.count + atEnd.count + 1)
        for (index, block) in document.blocks.enumerated() {
            blocks.append(block)
            if let notes = after[index] { blocks += notes }
        }
        if !atEnd.isEmpty {
            let names = sets.map { $0.set.name.capitalized }.joined(separator: ", ")
            blocks.append(.heading(level: 1, number: nil, title: "\(names) not placed in the text"))
            blocks += atEnd
        }
        return blocks
    }

    /// One annotation as a quote block.
    public static func block(_ placed: PlacedAnnotation, in set: PlacedAnnotations) -> Block {
        let annotation = placed.annotation
        let facts = [set.describe(annotation.status), annotation.kind].compactMap { $0 }.joined(separator: ", ")
        var section = ""
        if placed.place != .text, let named = annotation.section { section = " on section \(named)" }
        var inner: [Block] = [.paragraph([Inline("\(set.set.singular) \(annotation.id)\(section) (\(facts))", style: .strong)])]
        if let quote = annotation.quote {
            inner.append(.paragraph([Inline("Original:")]))
            inner.append(.preformatted(quote, language: nil))
        }
        if let replacement = annotation.replacement {
            inner.append(.paragraph([Inline("Corrected:")]))
            inner.append(.preformatted(replacement, language: nil))
        }
        if let notes = annotation.notes { inner.append(.paragraph([Inline("Notes: " + notes)])) }
        return .quote(inner)
    }

    /// The line above the body: "Errata: 2 verified, 1 held, 5 rejected (rejected not shown:
    /// --errata all)".
    public static func summary(_ sets: [PlacedAnnotations], _ filter: AnnotationVisibility) -> [String] {
        sets.compactMap { set in
            guard let summary = set.summary else { return nil }
            let hidden = set.annotations.count - set.visible(filter).count
            let option = "--\(set.set.name) all"
            let tail = hidden == 0 ? "" : filter == .none ? " (not shown: \(option))" : " (\(hidden) not shown: \(option))"
            return "\(set.set.name.capitalized): \(summary)\(tail)"
        }
    }

    /// The contract's JSON of one set: `[{"id", "status", "type", "section", "placed",
    /// "original", "corrected", "notes"}]`, the document's order.
    public static func json(_ set: PlacedAnnotations, _ filter: AnnotationVisibility) -> JSONValue {
        .array(
            set.visible(filter).map { placed in
                let annotation = placed.annotation
                var object: [String: JSONValue] = [
                    "id": .string(annotation.id), "status": .string(annotation.status), "type": JSONValue(annotation.kind),
                    "section": JSONValue(placed.section), "placed": .string(placed.place.rawValue),
                    "original": JSONValue(annotation.quote), "corrected": JSONValue(annotation.replacement),
                    "notes": JSONValue(annotation.notes),
                ]
                if let named = annotation.section { object["namedSection"] = .string(named) }
                if let date = annotation.date { object["date"] = .string(date) }
                if let author = annotation.author { object["author"] = .string(author) }
                return .object(object)
            })
    }
}
