import ReaderKit

/// `reader diff` as text: a line of counts, then each section that is not the same — changed
/// and moved ones with their word diff, added and removed ones with their size.
struct DiffText {
    var diff: DocumentDiff
    var labelA: String
    var labelB: String
    /// Red and green on a terminal that shows colour; `[-…-]` and `{+…+}` otherwise.
    var colour: Bool
    /// Columns to wrap the word diff to (nil: a line per section, as a pipe wants).
    var width: Int?

    var lines: [String] {
        var lines = ["\(labelA) → \(labelB)"]
        lines.append(diff.summary)
        for part in diff.parts where part.change != .same {
            lines.append("")
            lines.append(heading(part))
            lines += words(part)
        }
        if diff.parts.allSatisfy({ $0.change == .same }) { lines.append("no differences") }
        return lines
    }

    private func heading(_ part: DocumentDiff.Part) -> String {
        let name: (DocumentDiff.Side) -> String = { side in
            let title = side.title.isEmpty ? "(before the first section)" : Self.plain(side.title)
            return side.number.map { "\(Self.plain($0)) \(title)" } ?? title
        }
        switch part.change {
        case .added: return "added    \(part.b.map(name) ?? "")  (\(Self.words(part.added)))"
        case .removed: return "removed  \(part.a.map(name) ?? "")  (\(Self.words(part.removed)))"
        case .changed, .moved, .same:
            let a = part.a.map(name) ?? ""
            let b = part.b.map(name) ?? ""
            let names = a == b ? a : "\(a) → \(b)"
            let label = part.change == .moved ? "moved   " : "changed "
            return "\(label) \(names)  (+\(part.added) −\(part.removed) words)"
        }
    }

    private static func words(_ count: Int) -> String { count == 1 ? "1 word" : "\(count) words" }

    /// The word diff of a changed or moved section, indented under its heading.
    private func words(_ part: DocumentDiff.Part) -> [String] {
        guard part.change == .changed || part.change == .moved, part.added + part.removed > 0 else { return [] }
        guard !part.runs.isEmpty else { return ["    (too long to show word by word: counted)"] }
        let style = TerminalSanitizer.Style.self
        let text = part.runs.map { run -> String in
            let words = Self.plain(run.text)
            switch run.kind {
            case .same, .elided: return words
            case .removed: return colour ? "\(style.removedOn)\(words)\(style.colourOff)" : "[-\(words)-]"
            case .added: return colour ? "\(style.addedOn)\(words)\(style.colourOff)" : "{+\(words)+}"
            }
        }.joined(separator: " ")
        guard let width else { return ["    " + text] }
        return Wrap.lines(text, width: width, first: "    ", rest: "    ")
    }

    /// A document's words without the styling markers (private-use code points) this view
    /// uses: a page cannot colour its own text.
    private static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !TerminalSanitizer.Style.isMarker($0) }))
    }
}
