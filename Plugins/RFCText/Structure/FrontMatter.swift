/// What the header block on an RFC's first page says: number, relations, category, authors,
/// date; and the title under it.
struct FrontMatter: Sendable {
    var number: Int?
    var obsoletes: [Int] = []
    var updates: [Int] = []
    var category: String?
    var authors: [String] = []
    var date: String?
    var title: String?
    var headerBlocks = 0

    private enum Relation { case obsoletes, updates }

    private static let blockStarts = [
        "network working group", "request for comments", "request for comment", "rfc:",
        "internet engineering task force", "internet research task force", "internet architecture board",
        "internet activities board", "independent submission", "editorial stream", "iab", "irtf",
    ].map { Array($0.utf8) }

    /// Whether a block is a header block (`Network Working Group   J. Postel`): it starts as
    /// header blocks do, or one of its first lines gives the RFC's number (`Network Printing
    /// Working Group` over `Request for Comments:  1179`; 810's `Elizabeth Feinler   RFC 810`).
    /// A centred line is a title, even one that starts with `IAB`.
    static func startsHeaderBlock(_ lines: ArraySlice<TextLine>, _ layout: Layout) -> Bool {
        let text = layout.text
        guard let line = lines.first else { return false }
        let startsAsHeader =
            line.indent < 28 && !isTitleLine(line, layout)
            && blockStarts.contains { start in
                guard text.hasPrefix(line, start) else { return false }
                // A whole word: `IAB`, not `IABC`.
                let after = line.contentStart + start.count
                return after >= line.end || !ASCII.isLetter(text.bytes[after])
            }
        if startsAsHeader { return true }
        return lines.prefix(4).contains { line in
            let (left, right) = columns(line, text)
            if let left, numberLabel(text.string(left)) != nil { return true }
            if let right, left != nil, bareNumber(text.string(right)) != nil { return true }
            return false
        }
    }

    /// The number a header line gives: `Request for Comments: 793`, `Request for Comments #72`,
    /// `Requests for Comments 1278`, `REQUEST  COMMENTS #297`, `RFC#:  396`, `NWG/RFC# 738`.
    static func numberLabel(_ value: String) -> Int? {
        var lower = Substring(value.lowercased())
        if lower.hasPrefix("nwg/") { lower = lower.dropFirst(4) }
        let rest: Substring
        if lower.hasPrefix("request") {
            rest = lower.drop { $0.isLetter || $0 == " " }
        } else if lower.hasPrefix("rfc"), !(lower.dropFirst(3).first?.isLetter ?? false) {
            rest = lower.dropFirst(3)
        } else {
            return nil
        }
        // Only a label and its number: `Request for Comments: 18`, not a sentence naming one.
        let label = rest.prefix { !$0.isNumber }
        guard label.allSatisfy({ " :#.".contains($0) || $0 == "n" || $0 == "o" }) else { return nil }
        return numbers(in: rest).first
    }

    /// `RFC 810` alone in the right column.
    private static func bareNumber(_ value: String) -> Int? {
        let parts = value.split(separator: " ")
        guard parts.count == 2, parts[0] == "RFC" else { return nil }
        return Int(parts[1])
    }

    /// A line set in from both margins about equally, with no right column: a title's.
    static func isTitleLine(_ line: TextLine, _ layout: Layout) -> Bool {
        guard !line.isBlank, line.width <= layout.width + 2, !hasColumnGap(line, layout.text) else { return false }
        let right = max(0, layout.width - line.width)
        if line.indent >= 4 && right >= 4 { return true }
        // A long title fills the line: centred within a few columns (RFC 3258's, 9819's).
        return abs(line.indent - right) <= 4 && line.width - line.indent >= 20
    }

    /// Reads one header block: fields on the left, authors, organisations and the date on the
    /// right. Centred lines closing the block are the title, when no blank line sets it apart
    /// (RFC 54, 1386): how many lines of the block are the header is returned.
    mutating func read(_ lines: ArraySlice<TextLine>, _ layout: Layout) -> Int {
        let text = layout.text
        headerBlocks += 1
        var headerEnd = lines.endIndex
        if title == nil, lines.count > 1 {
            // Centred, not right-aligned as the date and the authors are.
            while headerEnd > lines.startIndex + 1, Self.isTitleLine(lines[headerEnd - 1], layout),
                abs(lines[headerEnd - 1].indent - (layout.width - lines[headerEnd - 1].width)) <= 8
            {
                headerEnd -= 1
            }
            if headerEnd < lines.endIndex, let found = Self.title(lines[headerEnd...], layout) { title = found.title }
        }
        var right: [String] = []
        var continuing: Relation?
        for line in lines[..<headerEnd] {
            let (left, rightPart) = Self.columns(line, text)
            if let rightPart {
                let value = text.string(rightPart)
                if number == nil, left != nil, let found = Self.bareNumber(value) { number = found } else { right.append(value) }
            }
            guard let left else { continue }
            let value = text.string(left)
            let lower = value.lowercased()
            func rest(after prefix: String) -> Substring? {
                lower.hasPrefix(prefix) ? value.dropFirst(prefix.count) : nil
            }
            if let found = Self.numberLabel(value) {
                if number == nil { number = found }
                continuing = nil
            } else if let rest = rest(after: "obsoletes:") ?? rest(after: "replaces:") {
                obsoletes += Self.numbers(in: rest)
                continuing = .obsoletes
            } else if let rest = rest(after: "updates:") {
                updates += Self.numbers(in: rest)
                continuing = .updates
            } else if let rest = rest(after: "category:") {
                let trimmed = rest.trimmingSpaces
                if category == nil, !trimmed.isEmpty { category = String(trimmed) }
                continuing = nil
            } else if let first = value.utf8.first, ASCII.isDigit(first), let relation = continuing {
                switch relation {
                case .obsoletes: obsoletes += Self.numbers(in: Substring(value))
                case .updates: updates += Self.numbers(in: Substring(value))
                }
            } else {
                continuing = nil
            }
        }
        takePeople(right)
        return headerEnd - lines.startIndex
    }

    /// The right column lists authors, each usually followed by an organisation, and the date.
    private mutating func takePeople(_ entries: [String]) {
        guard authors.isEmpty, !entries.isEmpty else { return }
        var people: [String] = []
        for entry in entries {
            if let iso = RFCDate.iso(entry) {
                if date == nil { date = iso }
            } else {
                people.append(entry)
            }
        }
        let named = people.filter(Self.startsWithInitials)
        if !named.isEmpty {
            authors = named
        } else {
            // Full names (`Steve Crocker`): names and organisations alternate.
            authors = people.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
    }

    /// `J. Postel`, `R. Fielding, Ed.`, `J.K. Reynolds`, `T. Berners-Lee`.
    static func startsWithInitials(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        var index = 0
        var initials = 0
        while index + 1 < bytes.count, ASCII.isUpper(bytes[index]), bytes[index + 1] == ASCII.period {
            initials += 1
            index += 2
            if index < bytes.count, bytes[index] == 0x2D || bytes[index] == ASCII.space,
                index + 2 < bytes.count, ASCII.isUpper(bytes[index + 1]), bytes[index + 2] == ASCII.period
            {
                index += 1
            }
        }
        return initials > 0 && index + 1 < bytes.count && bytes[index] == ASCII.space && ASCII.isUpper(bytes[index + 1])
    }

    /// The title block under the header: centred lines, or RFC 1's `Title:   Host Software`.
    /// `keep` tells whether the block holds more than the title and stays in the body.
    static func title(_ lines: ArraySlice<TextLine>, _ layout: Layout) -> (title: String, keep: Bool)? {
        let text = layout.text
        guard let first = lines.first, lines.count <= 6 else { return nil }
        if text.hasPrefix(first, Array("title:".utf8)) {
            let value = text.content(first).dropFirst(6).trimmingSpaces
            return value.isEmpty ? nil : (String(value), true)
        }
        // Old RFCs underline the title with a row of dashes.
        let words = lines.filter { line in
            !text.bytes[line.contentStart..<line.end].allSatisfy { $0 == 0x2D || $0 == 0x3D || $0 == 0x5F || $0 == ASCII.space }
        }
        // Set in from both margins; centred, more or less.
        guard !words.isEmpty, words.count <= 4, words.allSatisfy({ isTitleLine($0, layout) }) else { return nil }
        return (words.map { text.key($0.contentStart..<$0.end, lowercase: false) }.joined(separator: " "), false)
    }

    /// Whether a title goes on in the next centred block: it ends on `:` or `--` (RFC 1341's
    /// `MIME (Multipurpose Internet Mail Extensions):`, 2205's `… (RSVP) --`).
    static func isCut(_ title: String) -> Bool {
        guard let last = title.last else { return false }
        return last == ":" || last == "-" || last == ","
    }

    /// Whether a block continuing a title starts as a continuation does: `(Mapping between …)`.
    static func continuesTitle(_ line: TextLine, _ text: SourceText) -> Bool {
        text.bytes[line.contentStart] == 0x28
    }

    /// Whether three spaces or more part the line's words: a header's columns, not a title.
    private static func hasColumnGap(_ line: TextLine, _ text: SourceText) -> Bool {
        var spaces = 0
        for byte in text.bytes[line.contentStart..<line.end] {
            spaces = byte == ASCII.space ? spaces + 1 : 0
            if spaces >= 3 { return true }
        }
        return false
    }

    /// Splits a header line at the gap before the right column.
    static func columns(_ line: TextLine, _ text: SourceText) -> (left: Range<Int>?, right: Range<Int>?) {
        if line.isBlank { return (nil, nil) }
        if line.indent >= 28 { return (nil, line.contentStart..<line.end) }
        let bytes = text.bytes
        var index = line.contentStart
        var gapStart = -1
        var rightStart = -1
        while index < line.end {
            if bytes[index] == ASCII.space {
                let run = index
                while index < line.end, bytes[index] == ASCII.space { index += 1 }
                if index - run >= 3, index - line.start >= 28 {
                    gapStart = run
                    rightStart = index
                }
            } else {
                index += 1
            }
        }
        guard rightStart >= 0 else { return (line.contentStart..<line.end, nil) }
        return (line.contentStart..<gapStart, rightStart..<line.end)
    }

    static func numbers(in text: Substring) -> [Int] {
        text.split { !$0.isNumber }.compactMap { Int($0) }.filter { $0 > 0 && $0 < 100_000 }
    }
}

extension StringProtocol {
    /// The pieces of a line between runs of two or more spaces: `RFC 2616   HTTP/1.1   June 1999`.
    var columns: [SubSequence] {
        var pieces: [SubSequence] = []
        var pieceStart: Index?
        var index = startIndex
        while index < endIndex {
            if self[index] == " ", self.index(after: index) < endIndex, self[self.index(after: index)] == " " {
                if let start = pieceStart { pieces.append(self[start..<index]) }
                pieceStart = nil
                while index < endIndex, self[index] == " " { index = self.index(after: index) }
                continue
            }
            if pieceStart == nil, self[index] != " " { pieceStart = index }
            index = self.index(after: index)
        }
        if let start = pieceStart { pieces.append(self[start..<endIndex]) }
        return pieces
    }

    var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
