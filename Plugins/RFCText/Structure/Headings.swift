/// Section headings: numbered (`3.2.  Terminology`, `Appendix A.  Collected ABNF`, `IV.  Initial
/// Experiments`) at the margin or centred; unnumbered ones that the contents list, that every
/// RFC has (`Abstract`, `Authors' Addresses`), or, without contents, that look like titles.
extension BodyBuilder {
    private static let boilerplate: Set<String> = [
        "abstract", "status of this memo", "status of the memo", "copyright notice", "copyright statement",
        "full copyright statement", "intellectual property", "intellectual property statement",
        "acknowledgement", "acknowledgements", "acknowledgment", "acknowledgments", "contributors",
        "authors' addresses", "author's address", "authors' address", "author's addresses", "authors addresses",
        "author address", "editors' addresses", "editor's address", "index", "references", "normative references",
        "informative references", "iesg note", "preface", "glossary", "notices", "table of contents",
    ]

    /// The heading a chunk starts with and how many of its lines it takes.
    mutating func heading(_ chunk: Chunk) -> (Node, Int)? {
        let range = chunk.lines
        let first = lines[range.lowerBound]
        guard first.indent == 0 || layout.isCentered(first), first.width <= 100 else { return nil }
        // Old RFCs underline headings with dashes.
        let underlined = range.count == 2 && isUnderline(lines[range.lowerBound + 1], of: first)
        if let number = SectionNumber.parse(text.bytes, from: first.contentStart, to: first.end) {
            if underlined { return numbered(number, range.lowerBound..<(range.lowerBound + 1)).map { ($0.0, 2) } }
            return numbered(number, range)
        }
        guard range.count == 1 || underlined, first.width - first.indent <= 70,
            !layout.isLaidOut(first, from: first.contentStart)
        else {
            return nil
        }
        let key = text.key(first)
        guard key != "table of contents", key != "contents" else { return nil }
        let level: Int
        if let listed = contents?.unnumbered[key] {
            level = listed
        } else if Self.boilerplate.contains(key) || (contents == nil && first.indent == 0 && looksLikeTitle(first)) {
            level = 1
        } else {
            return nil
        }
        let title = text.key(first.contentStart..<first.end, lowercase: false)
        return (.heading(level: level, number: nil, title: title), underlined ? 2 : 1)
    }

    /// A row of `-` or `=` as wide as the line above it.
    private func isUnderline(_ line: TextLine, of title: TextLine) -> Bool {
        guard line.indent == title.indent, abs(line.width - title.width) <= 2 else { return false }
        let mark = text.bytes[line.contentStart]
        return (mark == 0x2D || mark == 0x3D) && text.bytes[line.contentStart..<line.end].allSatisfy { $0 == mark }
    }

    private mutating func numbered(_ number: SectionNumber, _ range: Range<Int>) -> (Node, Int)? {
        let first = lines[range.lowerBound]
        var title = text.key(number.titleStart..<first.end, lowercase: false)
        var used = 1
        // A long title goes on under itself.
        let titleColumn = number.titleStart - first.start
        while first.indent == 0, used < min(range.count, 3), lines[range.lowerBound + used].indent == titleColumn {
            let line = lines[range.lowerBound + used]
            title += " " + text.key(line.contentStart..<line.end, lowercase: false)
            used += 1
        }
        // Text at the heading's own margin makes it a paragraph that starts with a number.
        if used < range.count, lines[range.lowerBound + used].indent <= first.indent { return nil }
        guard !layout.isLaidOut(first, from: number.titleStart), title.utf8.contains(where: ASCII.isLetter) else {
            return nil
        }
        let listed = contents?.numbers.contains(number.text) ?? false
        guard listed || number.follows(lastNumber) else { return nil }
        lastNumber = number.parts
        numberedHeadingSeen = true
        return (.heading(level: number.parts.count, number: number.text, title: title), used)
    }

    /// A short capitalised line without closing punctuation.
    private func looksLikeTitle(_ line: TextLine) -> Bool {
        let bytes = text.bytes
        guard ASCII.isUpper(bytes[line.contentStart]), line.width <= 60 else { return false }
        switch bytes[line.end - 1] {
        case ASCII.period, 0x2C, 0x3B, 0x3A, 0x21: return false  // . , ; : !
        default: break
        }
        var words = 1
        for index in line.contentStart..<line.end where bytes[index] == ASCII.space { words += 1 }
        return words <= 8
    }
}
