import Foundation
import ReaderPluginAPI
import ReaderSupport

/// The reading view: wrapped paragraphs, bold headings, verbatim figures, a timeline for
/// posts, and the links numbered at the end as `lynx -dump` does — in braces (`RFC 791{1}`),
/// as RFCs write their own citations in brackets (`[2] Postel, J.`) and a mark `[1]` inside
/// one would read as another citation.
struct TextRenderer {
    let options: RenderOptions
    let document: Document
    var bold: (String, String) {
        options.styled
            ? (String(TerminalSanitizer.Style.boldOn), String(TerminalSanitizer.Style.boldOff)) : ("", "")
    }

    /// The links the text shows, in order, and each one's number from 1.
    private let used: [Int]
    private let linkNumbers: [Int: Int]
    /// A person's notes, placed; each shown under its block, its mark after its quote.
    private let notes: [PlacedNote]

    init(options: RenderOptions, document: Document, notes: [PlacedNote] = []) {
        self.options = options
        self.document = document
        self.notes = notes
        self.used = Self.usedLinks(document)
        self.linkNumbers = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0 + 1) })
    }

    /// A link's mark, after its text and before its address in the references: `{1}`.
    static func mark(_ number: Int) -> String { "{\(number)}" }

    func render(_ opened: OpenedDocument) -> String {
        var out: [String] = []
        for notice in opened.notices { out.append("\(bold.0)*** \(notice) ***\(bold.1)") }
        if !document.title.isEmpty, options.section == nil {
            out.append(contentsOf: Wrap.lines(bold.0 + document.title + bold.1, width: options.width))
        }
        let byline =
            document.metadata.byline ?? (document.metadata.authors.isEmpty ? nil : document.metadata.authors.joined(separator: ", "))
        let facts = [byline, document.metadata.date, document.metadata.siteName].compactMap { $0 }.filter { !$0.isEmpty }
        if !facts.isEmpty, options.section == nil { out.append(facts.joined(separator: " · ")) }
        for note in document.notes { out.append("Note: \(note)") }
        if !out.isEmpty { out.append("") }
        let body =
            document.blocks.isEmpty
            ? entryLines()
            : document.blocks.enumerated().map { index, block in
                annotated(self.block(block: block, indent: ""), block: block, notes: notes.filter { $0.block == index })
            }
        out.append(body.filter { !$0.isEmpty }.joined(separator: "\n\n"))
        let atEnd = notes.filter { $0.block == nil }
        if !atEnd.isEmpty {
            out += ["", "\(bold.0)Notes\(bold.1)"]
            out += atEnd.map(noteLines)
        }
        if !used.isEmpty {
            out.append("")
            out.append("References")
            let labelWidth = Self.mark(used.count).count
            for (position, index) in used.enumerated() {
                let mark = Self.mark(position + 1)
                out.append(String(repeating: " ", count: labelWidth - mark.count + 1) + mark + " " + document.links[index].url)
            }
        }
        out += relationLists(opened)
        return out.joined(separator: "\n") + "\n"
    }

    /// The documents it cites (or has another listed relation to), a list per kind, each with
    /// the command that opens it and its title when known, after the whole text; not under
    /// `--section`.
    private func relationLists(_ opened: OpenedDocument) -> [String] {
        guard options.section == nil else { return [] }
        var lines: [String] = []
        for list in opened.relationLists where !list.members.isEmpty {
            lines += ["", "\(bold.0)\(list.heading)\(bold.1)"]
            for member in list.members {
                let command = "reader open \(member.shorthand)"
                guard member.label == member.shorthand else {
                    lines.append(CitationLine.text(member.label, command: command, title: member.title, width: options.width))
                    continue
                }
                // Named by its key alone (a web address): the command whole, the title under it.
                lines.append("  " + command)
                if let title = member.title, !title.isEmpty { lines.append(Self.cut("    " + title, width: options.width)) }
            }
        }
        return lines
    }

    /// `line` ending in "…" at `width` when longer.
    private static func cut(_ line: String, width: Int) -> String {
        line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    private func block(block: Block, indent: String) -> String {
        let width = options.width
        switch block {
        case .heading(_, let number, let title):
            let text = number.map { "\($0)  \(title)" } ?? title
            return Wrap.lines(text, width: width, first: indent + bold.0, rest: indent).joined(separator: "\n") + bold.1
        case .paragraph(let inlines):
            return Wrap.lines(inlineText(inlines), width: width, first: indent, rest: indent).joined(separator: "\n")
        case .preformatted(let text, _):
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
        case .list(let ordered, let items):
            return items.enumerated().map { index, item in
                let marker = ordered ? "\(index + 1). " : "• "
                let inner = item.map { self.block(block: $0, indent: indent + String(repeating: " ", count: marker.count)) }
                    .joined(separator: "\n")
                let trimmed = inner.dropFirst(indent.count + marker.count)
                return indent + marker + trimmed
            }.joined(separator: "\n")
        case .quote(let blocks):
            return blocks.map { self.block(block: $0, indent: indent + "  │ ") }.joined(separator: "\n" + indent + "  │\n")
        case .table(let rows, let header):
            return TableLayout.lines(rows, header: header).map { indent + $0 }.joined(separator: "\n")
        case .image(let alt, _, let caption, _):
            // Named by what it shows (its caption, else its alt text), never a bare placeholder.
            let named = "[picture" + (Block.pictureDescription(alt: alt, caption: caption).map { ": " + $0 } ?? "") + "]"
            return Wrap.lines(named, width: width, first: indent, rest: indent + " ").joined(separator: "\n")
        case .rule:
            return indent + String(repeating: "─", count: min(width, 40))
        case .post(let post):
            return PostLayout(options: options, bold: bold).lines(post, indent: indent).joined(separator: "\n")
        }
    }

    /// Runs joined, each link followed by its mark: its place among the links the text shows,
    /// from 1 (a document's links may include some no paragraph shows).
    private func inlineText(_ inlines: [Inline]) -> String {
        inlines.map { inline in
            if let link = inline.link, let number = linkNumbers[link] { return inline.text + Self.mark(number) }
            return inline.text
        }.joined()
    }

    private static func usedLinks(_ document: Document) -> [Int] {
        var used = Set<Int>()
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .paragraph(let inlines): inlines.compactMap(\.link).forEach { used.insert($0) }
                case .list(_, let items): items.forEach(visit)
                case .quote(let inner): visit(inner)
                default: break
                }
            }
        }
        visit(document.blocks)
        return used.filter { $0 < document.links.count }.sorted()
    }

    private func entryLines() -> [String] {
        [document.entries.map { EntryLine.text($0) }.joined(separator: "\n")]
    }
}

/// Tables as aligned columns.
enum TableLayout {
    static func lines(_ rows: [[String]], header: Bool) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = min(40, max(widths[index], cell.count)) } }
        var lines: [String] = []
        for (number, row) in rows.enumerated() {
            let cells = (0..<columns).map { index -> String in
                let cell = index < row.count ? row[index] : ""
                return cell.padding(toLength: max(widths[index], cell.count), withPad: " ", startingAt: 0)
            }
            lines.append(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            if number == 0 && header { lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")) }
        }
        return lines
    }
}

/// One line per index entry: number, title, authors, date, status.
public enum EntryLine {
    /// The entry on one line; with a `width` (a terminal's), broken at word ends into lines of
    /// at most that many columns, the later ones indented past the number — the terminal would
    /// break it mid-word.
    public static func text(_ entry: Entry, width: Int? = nil) -> String {
        let number = entry.id.count < 4 ? String(repeating: " ", count: 4 - entry.id.count) + entry.id : entry.id
        if entry.title.isEmpty && entry.authors.isEmpty { return "\(number)  (not issued)" }
        var parts = [entry.title]
        if !entry.authors.isEmpty { parts.append(entry.authors.joined(separator: ", ")) }
        if let date = entry.date { parts.append(date) }
        if let status = entry.status { parts.append(status) }
        let line = "\(number)  " + parts.joined(separator: " · ")
        guard let width, line.count > width else { return line }
        // A "·" stays at the end of the part before it, never at the start of a line.
        let text = parts.joined(separator: "\u{A0}· ")
        let rest = String(repeating: " ", count: number.count + 2)
        return Wrap.lines(text, width: width, first: "\(number)  ", rest: rest).joined(separator: "\n")
            .replacingOccurrences(of: "\u{A0}", with: " ")
    }
}
