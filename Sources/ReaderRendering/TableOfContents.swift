import ReaderPluginAPI

/// `reader open 793 --toc`: the document's headings, indented by level, each with the
/// command that opens it there.
public enum TableOfContents {
    /// The commands open the document by its shorthand (`reader open feed:notes --section 2`),
    /// else by its key.
    public static func text(_ opened: OpenedDocument) -> String {
        let document = opened.document
        let opener = opened.shorthand ?? document.key
        var rows: [(heading: String, command: String)] = []
        for block in document.blocks {
            guard case .heading(let level, let number, let title) = block else { continue }
            let indent = String(repeating: "  ", count: max(0, level - 1))
            let label = number.map { "\($0)  \(title)" } ?? title
            rows.append((indent + label, number.map { "reader open \(opener) --section \($0)" } ?? ""))
        }
        guard !rows.isEmpty else { return document.title + "\n(no sections)\n" }
        // The commands in one column, after the longest heading up to `column`; a longer
        // heading keeps its command four spaces after it rather than pushing every row right.
        let column = min(rows.map(\.heading.count).max() ?? 0, Self.column)
        let lines = rows.map { row in
            guard !row.command.isEmpty else { return row.heading }
            let padding = max(4, column + 4 - row.heading.count)
            return row.heading + String(repeating: " ", count: padding) + row.command
        }
        return ([document.title] + lines).joined(separator: "\n") + "\n"
    }

    /// Where the command column starts at the latest: past it, a heading is too long to align with.
    static let column = 56
}
