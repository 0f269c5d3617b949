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
        "internet activities board", "independent submission", "iab", "irtf",
    ].map { Array($0.utf8) }

    /// Whether a block starting with `line` is a header block (`Network Working Group   J. Postel`).
    static func startsHeaderBlock(_ line: TextLine, _ text: SourceText) -> Bool {
        guard line.indent < 28 else { return false }
        return blockStarts.contains { start in
            guard text.hasPrefix(line, start) else { return false }
            // A whole word: `IAB`, not `IABC`.
            let after = line.contentStart + start.count
            return after >= line.end || !ASCII.isLetter(text.bytes[after])
        }
    }

    /// Reads one header block: fields on the left, authors, organisations and the date on the right.
    mutating func read(_ lines: ArraySlice<TextLine>, _ text: SourceText) {
        headerBlocks += 1
        var right: [String] = []
        var continuing: Relation?
        for line in lines {
            let (left, rightPart) = Self.columns(line, text)
            if let rightPart { right.append(text.string(rightPart)) }
            guard let left else { continue }
            let value = text.string(left)
            let lower = value.lowercased()
            func rest(after prefix: String) -> Substring? {
                lower.hasPrefix(prefix) ? value.dropFirst(prefix.count) : nil
            }
            if let rest = rest(after: "request for comments:") ?? rest(after: "request for comment:") ?? rest(after: "rfc:") {
                if number == nil { number = Self.numbers(in: rest).first }
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
        // Set in from both margins; centred, more or less.
        guard lines.count <= 3, lines.allSatisfy({ $0.indent >= 4 && $0.width <= layout.width - 4 }) else { return nil }
        // Old RFCs underline the title with a row of dashes.
        let words = lines.filter { line in
            !text.bytes[line.contentStart..<line.end].allSatisfy { $0 == 0x2D || $0 == 0x3D || $0 == 0x5F || $0 == ASCII.space }
        }
        guard !words.isEmpty else { return nil }
        return (words.map { text.key($0.contentStart..<$0.end, lowercase: false) }.joined(separator: " "), false)
    }

    /// Splits a header line at the gap before the right column.
    private static func columns(_ line: TextLine, _ text: SourceText) -> (left: Range<Int>?, right: Range<Int>?) {
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

    private static func numbers(in text: Substring) -> [Int] {
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
