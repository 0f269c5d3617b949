/// An RFC's own table of contents: where it is, its entries, and its lines for display.
///
/// Two layouts: paged RFCs end each entry with dot leaders and a page number
/// (`3.1  Header Format ....... 15`); v3 RFCs and RFC 1 list titles only.
struct Contents: Sendable {
    struct Entry: Equatable, Sendable {
        var number: String?
        var title: String
        var level: Int
    }

    /// The `Table of Contents` line.
    var titleLine: Int
    /// The first line after the contents.
    var endLine: Int
    var entries: [Entry] = []
    /// The entries' lines without leaders and page numbers, which mean nothing once pages are gone.
    var displayLines: [TextLine] = []

    /// Numbers listed, and unnumbered titles (lowercased) with their levels.
    private(set) var numbers: Set<String> = []
    private(set) var unnumbered: [String: Int] = [:]

    /// Finds the contents in the first half of the document.
    static func find(in lines: [TextLine], _ layout: Layout) -> Contents? {
        let text = layout.text
        for index in 0..<(lines.count / 2) where !lines[index].isBlank && lines[index].width < 60 {
            let line = lines[index]
            // Cheap test first: only `Contents` or `Table of Contents` lines are worth a string.
            let length = line.end - line.contentStart
            guard length >= 8, length <= 24, "CcTt".utf8.contains(text.bytes[line.contentStart]) else { continue }
            let key = text.key(line)
            guard key == "table of contents" || key == "contents" else { continue }
            if let contents = Contents(lines, titleLine: index, layout), contents.entries.count >= 2 { return contents }
        }
        return nil
    }

    private init?(_ lines: [TextLine], titleLine: Int, _ layout: Layout) {
        self.titleLine = titleLine
        var first = titleLine + 1
        while first < lines.count, lines[first].isBlank { first += 1 }
        guard first < lines.count else { return nil }
        endLine = first
        if Self.pageTail(lines[first], layout.text) != nil || Self.wraps(lines, at: first, layout.text) {
            readLeadered(lines, from: first, layout.text)
        } else {
            readPlain(lines, from: first, layout.text)
        }
        var lastNumbered: (indent: Int, level: Int)?
        for (entry, line) in zip(entries.indices, entryIndents) {
            if let number = entries[entry].number {
                numbers.insert(number)
                lastNumbered = (line, entries[entry].level)
            } else {
                // An unnumbered title listed under a numbered one is its subsection (RFC 1).
                if let lastNumbered, line > lastNumbered.indent { entries[entry].level = lastNumbered.level + 1 }
                unnumbered[entries[entry].title.lowercased(), default: entries[entry].level] = entries[entry].level
            }
        }
    }

    private var entryIndents: [Int] = []

    /// Entries end in leaders and page numbers; a long title may wrap onto a second line.
    private mutating func readLeadered(_ lines: [TextLine], from first: Int, _ text: SourceText) {
        var index = first
        var pending: TextLine?
        while index < lines.count {
            let line = lines[index]
            if line.isBlank {
                displayLines.append(line)
                index += 1
                continue
            }
            if let tail = Self.pageTail(line, text) {
                var trimmed = line
                trimmed.end = tail
                displayLines.append(trimmed)
                add(pending.map { [$0, trimmed] } ?? [trimmed], text)
                pending = nil
                index += 1
                endLine = index
            } else if pending == nil, Self.wraps(lines, at: index, text) {
                pending = line
                displayLines.append(line)
                index += 1
            } else {
                break
            }
        }
        if pending != nil { displayLines.removeLast() }
    }

    /// Entries are titles alone: they run while indented (v3), or until the first one comes
    /// back as the body's first heading (RFC 1).
    private mutating func readPlain(_ lines: [TextLine], from first: Int, _ text: SourceText) {
        let indentedOnly = lines[first].indent > 0
        let firstKey = text.key(lines[first])
        var index = first
        var blankBefore = false
        while index < lines.count {
            let line = lines[index]
            if line.isBlank {
                displayLines.append(line)
                blankBefore = true
                index += 1
                continue
            }
            if indentedOnly ? line.indent == 0 : (index != first && (text.key(line) == firstKey || line.width > 65)) {
                break
            }
            let isNumbered = SectionNumber.starts(text.bytes, from: line.contentStart, to: line.end)
            if !blankBefore, !isNumbered, let last = entries.indices.last, entries[last].number != nil,
                line.indent > entryIndents[last]
            {
                entries[last].title += " " + text.key(line.contentStart..<line.end, lowercase: false)
            } else {
                add([line], text)
            }
            displayLines.append(line)
            blankBefore = false
            index += 1
            endLine = index
        }
    }

    private mutating func add(_ lines: [TextLine], _ text: SourceText) {
        guard let first = lines.first else { return }
        let number = SectionNumber.parse(text.bytes, from: first.contentStart, to: first.end)
        let titleStart = number?.titleStart ?? first.contentStart
        var title = text.key(titleStart..<first.end, lowercase: false)
        for line in lines.dropFirst() { title += " " + text.key(line.contentStart..<line.end, lowercase: false) }
        entries.append(Entry(number: number?.text, title: title, level: number?.parts.count ?? 1))
        entryIndents.append(first.indent)
    }

    /// Whether the line has no page number but the next one, indented deeper, has.
    private static func wraps(_ lines: [TextLine], at index: Int, _ text: SourceText) -> Bool {
        guard index + 1 < lines.count, !lines[index + 1].isBlank else { return false }
        return lines[index + 1].indent > lines[index].indent && pageTail(lines[index + 1], text) != nil
    }

    /// Where the title ends when the line ends in a leader and a page number
    /// (`Terminology ..... 8`, `Syntax . . . . 11`, `Dates.89`, `PREFACE ..... iii`).
    static func pageTail(_ line: TextLine, _ text: SourceText) -> Int? {
        let bytes = text.bytes
        var index = line.end
        while index > line.contentStart, ASCII.isDigit(bytes[index - 1]) { index -= 1 }
        if index == line.end {
            while index > line.contentStart, "ivxlc".utf8.contains(bytes[index - 1]) { index -= 1 }
        }
        let digits = line.end - index
        guard digits > 0, digits <= 5 else { return nil }
        var dots = 0
        var spaces = 0
        while index > line.contentStart, bytes[index - 1] == ASCII.period || bytes[index - 1] == ASCII.space {
            if bytes[index - 1] == ASCII.period { dots += 1 } else { spaces += 1 }
            index -= 1
        }
        guard index > line.contentStart else { return nil }
        let leader = dots >= 2 || spaces >= 3 || (dots == 1 && spaces == 0 && ASCII.isLetter(bytes[index - 1]))
        return leader ? index : nil
    }
}
