import ReaderPluginAPI

/// `reader open 793 --toc`: the document's headings, indented by level, each with the
/// command that opens it there.
public enum TableOfContents {
    public static func text(_ document: Document) -> String {
        var lines = [document.title]
        let opener = document.key.hasPrefix("rfc/") ? String(document.key.dropFirst(4)) : document.key
        for block in document.blocks {
            guard case .heading(let level, let number, let title) = block else { continue }
            let indent = String(repeating: "  ", count: max(0, level - 1))
            let label = number.map { "\($0)  \(title)" } ?? title
            let command = number.map { "    reader open \(opener) --section \($0)" } ?? ""
            lines.append(indent + label + command)
        }
        if lines.count == 1 { lines.append("(no sections)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
