import Foundation
import ReaderKit
import ReaderPluginAPI

/// `reader refs KEY` as text, from the relations and their kinds alone: the document's label
/// and title; the kinds that draw a banner (obsoletes, updates, replaces…) as two lists, both
/// ways, of labels; then every other kind (cites, links, replies…) as columns of label, the
/// command that opens it and its title — what it has, then what others have to it.
struct RefsText {
    var subject: RelatedDocument
    var relations: [RelatedDocument]
    var kinds: [RelationKind]
    var section: String?
    var heading: String?
    /// On a terminal a long title gives way and a list of labels is wrapped, never cut; whole
    /// lines in a pipe.
    var width: Int? = Terminal.stdoutIsTerminal ? Terminal.width : nil
    var shorthand: (String) -> String

    var lines: [String] {
        // A document never issued, or unknown to the index, says so where its title would be.
        var lines = [subject.title.map { "\(subject.label): \($0)" } ?? heading ?? subject.label]
        if let section { lines.append("section \(section):") }
        var listed: Set<String> = []
        for kind in kinds where kind.banner {
            let has = keys(kind.name)
            let hasIt = keys(kind.inverse)
            guard !has.isEmpty || !hasIt.isEmpty else { continue }
            lines.append(list(kind.label.lowercased(), has))
            lines.append(list(kind.inverseLabel.lowercased(), hasIt))
            listed.formUnion([kind.name, kind.inverse])
        }
        let others = relations.filter { !listed.contains($0.type) }
        if !subject.stored {
            // What it has is known only from what others tell of it.
            let fetch =
                subject.unavailable == nil
                ? "not known until it is stored ('reader fetch \(shorthand(subject.key))')" : "none known (it has no text to read)"
            lines.append("what it cites or links: \(fetch)")
        }
        for kind in kinds {
            lines += columns(kind.label.lowercased(), others.filter { $0.type == kind.name })
        }
        for kind in kinds {
            lines += columns(kind.inverseLabel.lowercased(), others.filter { $0.type == kind.inverse })
        }
        // A module's own type no kind describes, by its name.
        let described = Set(kinds.flatMap { [$0.name, $0.inverse] })
        for type in Self.ordered(others.map(\.type).filter { !described.contains($0) }) {
            lines += columns(type, others.filter { $0.type == type })
        }
        if relations.isEmpty && subject.stored { lines.append("no relations stored") }
        return lines
    }

    /// The labels of the documents related by `type`, each once, in numeric order (RFC 879
    /// before RFC 1122).
    private func keys(_ type: String) -> [RelatedDocument] {
        var seen: Set<String> = []
        return relations.filter { $0.type == type && seen.insert($0.key).inserted }
            .sorted { $0.key.compare($1.key, options: .numeric) == .orderedAscending }
    }

    private func list(_ label: String, _ documents: [RelatedDocument]) -> String {
        let text =
            label + ": "
            + (documents.isEmpty
                ? "none" : documents.map { $0.label.replacingOccurrences(of: " ", with: "\u{A0}") }.joined(separator: ", "))
        guard let width else { return text.replacingOccurrences(of: "\u{A0}", with: " ") }
        return Wrap.lines(text, width: width, rest: "  ").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// One line per document (its sections folded), under `label (N)`; nothing when none. With
    /// one section asked, one line per place in the other document (`RFC 9540 §5`), whose command
    /// opens there.
    private func columns(_ label: String, _ documents: [RelatedDocument]) -> [String] {
        var seen: Set<[String]> = []
        let distinct = documents.filter { seen.insert([$0.key, $0.otherSection ?? ""]).inserted }
        guard !distinct.isEmpty else { return [] }
        return ["\(label) (\(distinct.count)):"]
            + distinct.map { document in
                let place = document.otherSection.map { (label: " §\($0)", option: " " + (document.otherSectionOption ?? "")) }
                // What has nothing to fetch (never issued) is offered to nobody as something to open.
                let command = document.unavailable.map { "(\($0))" } ?? "reader open \(shorthand(document.key))\(place?.option ?? "")"
                return CitationLine.text(document.label + (place?.label ?? ""), command: command, title: document.title, width: width)
            }
    }

    private static func ordered(_ types: [String]) -> [String] {
        var seen: Set<String> = []
        return types.filter { seen.insert($0).inserted }
    }
}
