/// A list item's marker: `o`, `*`, `-`, `+`, `1.`, `2)`, `(a)`, `a.`.
struct ListMarker: Equatable {
    var ordered: Bool
    /// The first byte of the item's text.
    var textStart: Int
}

/// How lines sit on the page: the fill width, full and short lines, centring, drawings, markers.
struct Layout: Sendable {
    let text: SourceText
    /// The column text is filled to (72 for nearly every RFC).
    let width: Int

    init(text: SourceText) {
        self.text = text
        self.width = Self.fillWidth(text.lines)
    }

    /// The longest line length that a fair share of lines reach; a few overlong lines do not count.
    private static func fillWidth(_ lines: [TextLine]) -> Int {
        var histogram = [Int](repeating: 0, count: 129)
        var total = 0
        for line in lines where !line.isBlank {
            histogram[min(line.width, 128)] += 1
            total += 1
        }
        let threshold = max(3, total / 100)
        var reaching = 0
        for width in stride(from: 128, through: 0, by: -1) {
            reaching += histogram[width]
            if reaching >= threshold { return min(max(width, 60), 80) }
        }
        return 72
    }

    func firstWordLength(_ line: TextLine) -> Int {
        var index = line.contentStart
        while index < line.end, text.bytes[index] != ASCII.space { index += 1 }
        return index - line.contentStart
    }

    /// Whether `next`'s first word would not have fitted on `line`: the writer had to break there.
    func isFull(_ line: TextLine, before next: TextLine) -> Bool {
        line.width + 1 + firstWordLength(next) > width
    }

    func isCentered(_ line: TextLine, minimumIndent: Int = 8) -> Bool {
        guard line.indent >= minimumIndent else { return false }
        return abs(line.indent - (width - line.width)) <= 6
    }

    /// How strongly a line looks laid out rather than written.
    enum Evidence: Comparable {
        case none
        /// One stray double space: a typing slip in prose, or a column in a table.
        case weak
        case strong
    }

    /// Whether the line is laid out rather than written: drawings, tables, aligned columns, code.
    func isLaidOut(_ line: TextLine, from offset: Int? = nil) -> Bool {
        layoutEvidence(line, from: offset) == .strong
    }

    /// Prose has single spaces between words and two after a sentence; wider gaps, several
    /// double spaces, or a gap beside a symbol (`name  = rule`) are columns; box drawing too.
    func layoutEvidence(_ line: TextLine, from offset: Int? = nil) -> Evidence {
        let start = offset ?? (marker(line)?.textStart ?? labelEnd(line) ?? line.contentStart)
        // On the buffer, unchecked: every line of a body is looked at here once or twice (a
        // mirror's samples in this loop: 3.8 % with the array's checks, 3.3 % without).
        return text.bytes.withUnsafeBufferPointer { bytes in
            let end = min(line.end, bytes.count)
            var index = max(start, 0)
            if index < end, bytes[index] == 0x3B { return .strong }  // an ABNF comment
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            var spaces = 0
            var repeats = 0
            var doubleSpaces = 0
            while index < end {
                let byte = bytes[index]
                if byte == ASCII.space {
                    spaces &+= 1
                    index &+= 1
                    continue
                }
                if spaces >= 3 { return .strong }
                if spaces == 2, !Self.endsSentence(previous, beforePrevious) {
                    if Self.isSymbol(byte) || Self.isSymbol(previous) { return .strong }
                    doubleSpaces &+= 1
                    if doubleSpaces >= 2 { return .strong }
                }
                repeats = (spaces == 0 && byte == previous) ? repeats &+ 1 : 0
                spaces = 0
                switch byte {
                case 0x7C: return .strong  // |
                case 0x2B:  // +
                    if previous == 0x2D || previous == 0x2B || (index + 1 < end && bytes[index + 1] == 0x2D) { return .strong }
                case 0x2D, 0x3D, 0x5F, 0x2A, 0x7E:  // - = _ * ~
                    if repeats >= 2 { return .strong }
                default: break
                }
                beforePrevious = previous
                previous = byte
                index &+= 1
            }
            return doubleSpaces > 0 ? .weak : .none
        }
    }

    /// No gap wider than three spaces and none of a drawing's symbols: padded prose can be so.
    func hasOnlyNarrowGaps(_ line: TextLine) -> Bool {
        var spaces = 0
        for position in line.contentStart..<line.end {
            let byte = text.bytes[position]
            if byte == ASCII.space {
                spaces += 1
                if spaces > 3 { return false }
            } else {
                if byte == 0x7C || byte == 0x2B || byte == 0x3D { return false }  // | + =
                spaces = 0
            }
        }
        return true
    }

    /// `= ; | / < > + * #`: beside a wide gap they align a grammar or a drawing.
    private static func isSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x3D, 0x3B, 0x7C, 0x2F, 0x3C, 0x3E, 0x2B, 0x2A, 0x23: return true
        default: return false
        }
    }

    private static func endsSentence(_ last: UInt8, _ beforeLast: UInt8) -> Bool {
        if isStop(last) { return true }
        // `."` and `.)` end sentences too.
        return (last == 0x22 || last == 0x29 || last == 0x27) && isStop(beforeLast)
    }

    private static func isStop(_ byte: UInt8) -> Bool {
        byte == 0x2E || byte == 0x3F || byte == 0x21 || byte == 0x3A  // . ? ! :
    }

    /// The list marker the line starts with, if any.
    func marker(_ line: TextLine) -> ListMarker? {
        let bytes = text.bytes
        let start = line.contentStart
        guard start < line.end else { return nil }
        var index = start
        var ordered = false
        let first = bytes[index]
        switch first {
        case 0x6F, 0x2A, 0x2D, 0x2B:  // o * - +
            index += 1
        case 0xE2 where index + 2 < line.end && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA2:  // •
            index += 3
        case 0x28:  // (1) (a)
            index += 1
            let inner = index
            while index < line.end, ASCII.isAlphanumeric(bytes[index]), index - inner < 3 { index += 1 }
            guard index > inner, index < line.end, bytes[index] == 0x29 else { return nil }
            index += 1
            ordered = true
        default:
            if ASCII.isDigit(first) {
                while index < line.end, ASCII.isDigit(bytes[index]), index - start < 3 { index += 1 }
            } else if ASCII.isLower(first) {
                index += 1
            } else {
                return nil
            }
            guard index < line.end, bytes[index] == ASCII.period || bytes[index] == 0x29 else { return nil }
            index += 1
            ordered = true
        }
        guard index < line.end, bytes[index] == ASCII.space else { return nil }
        while index < line.end, bytes[index] == ASCII.space { index += 1 }
        guard index < line.end else { return nil }
        return ListMarker(ordered: ordered, textStart: index)
    }

    /// Where the text after a bracketed label (`[RFC2119]  Bradner, S., ...`) starts.
    func labelEnd(_ line: TextLine) -> Int? {
        let bytes = text.bytes
        guard line.contentStart < line.end, bytes[line.contentStart] == 0x5B else { return nil }  // [
        var index = line.contentStart + 1
        let limit = min(line.end, index + 40)
        while index < limit, bytes[index] != 0x5D { index += 1 }
        guard index < limit, index + 1 < line.end, bytes[index + 1] == ASCII.space else { return nil }
        index += 1
        while index < line.end, bytes[index] == ASCII.space { index += 1 }
        return index < line.end ? index : nil
    }

    /// Whether a paragraph cut by a page break goes on in `next`: same indentation, no new item,
    /// and either a lower-case start or a previous line that ended mid-sentence at the margin.
    func continues(_ previous: TextLine, with next: TextLine) -> Bool {
        guard next.indent >= previous.indent, next.indent <= previous.indent + 4 else { return false }
        guard marker(next) == nil, labelEnd(next) == nil else { return false }
        // A line padded to the margin (old RFCs) is prose for all its gaps.
        let padded = { (line: TextLine) in line.width == self.width && self.hasOnlyNarrowGaps(line) }
        guard padded(previous) || !isLaidOut(previous), padded(next) || !isLaidOut(next), !isCodeLike(next) else {
            return false
        }
        let last = text.bytes[previous.end - 1]
        if last == 0x3A || last == 0x3F || last == 0x21 { return false }  // : ? !
        if last == ASCII.period, !endsInAbbreviation(previous) { return false }
        if ASCII.isLower(text.bytes[next.contentStart]) { return true }
        if next.indent == 0, SectionNumber.starts(text.bytes, from: next.contentStart, to: next.end) { return false }
        return isFull(previous, before: next)
    }

    /// `e.g.`, `i.e.`, `etc.`, `vs.`, `cf.` at the end of the line: the sentence may go on.
    private func endsInAbbreviation(_ line: TextLine) -> Bool {
        var start = line.end
        while start > line.contentStart, text.bytes[start - 1] != ASCII.space { start -= 1 }
        let word = text.key(start..<line.end)
        return word == "e.g." || word == "i.e." || word == "etc." || word == "vs." || word == "cf." || word == "(e.g."
    }

    /// Code rather than prose: braces, a statement's semicolon, an assignment.
    func isCodeLike(_ line: TextLine) -> Bool {
        let bytes = text.bytes
        switch bytes[line.end - 1] {
        case 0x3B, 0x7B, 0x7D: return true  // ; { }
        default: break
        }
        var index = line.contentStart
        while index < line.end {
            switch bytes[index] {
            case 0x7B, 0x7D: return true
            case 0x3D where index > line.contentStart && bytes[index - 1] == ASCII.space: return true  // " ="
            default: index += 1
            }
        }
        return false
    }
}
