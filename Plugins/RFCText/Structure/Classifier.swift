/// What a chunk that is not a heading is: a figure, an aside, list items, a definition, a paragraph.
extension BodyBuilder {
    enum Piece {
        /// Most chunks are one node (a paragraph, a figure): given as such, not in an array
        /// made for it (one allocation a chunk: 167,000 for the 1,067 sample RFCs).
        case node(Node)
        case nodes([Node])
        case items(ordered: Bool, markerIndent: Int, items: [[Node]])
    }

    /// `underFigure`: whether the chunk comes right after the last node, which it may extend.
    func classify(_ range: Range<Int>, blanksBefore: Int, underFigure: Bool) -> Piece {
        let first = lines[range.lowerBound]
        if isAside(range) { return .node(.quote(aside(range))) }
        // Legends and notes indented deep under a drawing belong to it.
        if underFigure, first.indent >= textIndent + 6, blanksBefore <= 2, lastIsDrawing { return .node(verbatim(range)) }
        if !isJustified(range), isLaidOut(range) || isGrammar(range) { return .node(verbatim(range, drawn: true)) }
        if range.count <= 2, isCaption(first), first.indent > textIndent { return .node(verbatim(range)) }
        if range.count == 1, layout.isCentered(first) { return .node(verbatim(range)) }
        // A line set to the right (a signature, `Jon Postel` over `Editor`) stays where it is.
        if range.count == 1, isSetRight(first) { return .node(verbatim(range)) }
        if let marker = layout.marker(first) { return items(range, marker) }
        if layout.labelEnd(first) != nil { return .node(paragraph(range)) }
        if let term = definition(range) {
            let body = (range.lowerBound + 1)..<range.upperBound
            switch classify(body, blanksBefore: 0, underFigure: false) {
            case .node(let node): return .nodes([term, node])
            case .nodes(let nodes): return .nodes([term] + nodes)
            case .items(let ordered, _, let items): return .nodes([term, .list(ordered: ordered, items: items)])
            }
        }
        if isRagged(range) { return .node(verbatim(range)) }
        if range.count == 1, first.indent > textIndent, layout.isCodeLike(first) {
            return .node(verbatim(range))
        }
        // A lone token set apart (a URI, a name): an example, shown as written.
        if range.count == 1, first.indent >= textIndent + 3, !text.bytes[first.contentStart..<first.end].contains(ASCII.space) {
            return .node(verbatim(range))
        }
        return .node(paragraph(range))
    }

    /// A line with clear signs of layout, or several lines with a stray double space each.
    private func isLaidOut(_ range: Range<Int>) -> Bool {
        var weak = 0
        for index in range {
            switch layout.layoutEvidence(lines[index]) {
            case .strong: return true
            case .weak: weak += 1
            case .none: break
            }
        }
        return weak >= 2
    }

    /// Prose padded to the margin, as the oldest RFCs are: every line but the last ends exactly
    /// at the margin.
    private func isJustified(_ range: Range<Int>) -> Bool {
        guard range.count > 1, range.dropLast().allSatisfy({ lines[$0].width == layout.width }) else { return false }
        return range.allSatisfy { layout.hasOnlyNarrowGaps(lines[$0]) }
    }

    /// ABNF rules, each line a rule or the continuation of one, indented under it. (A rule
    /// followed by indented prose is a term and its explanation.)
    private func isGrammar(_ range: Range<Int>) -> Bool {
        let first = lines[range.lowerBound]
        guard isRule(first) else { return false }
        for index in range.dropFirst() where !isRule(lines[index]) {
            let line = lines[index]
            guard line.indent > first.indent else { return false }
            if index + 1 < range.upperBound, layout.isFull(line, before: lines[index + 1]) { return false }
        }
        return true
    }

    private func paragraph(_ range: Range<Int>) -> Node {
        .paragraph(segments: range.map { lines[$0].contentStart..<lines[$0].end }, strong: false)
    }

    /// Items start at lines with a marker at the first item's indentation; other lines go on the item.
    private func items(_ range: Range<Int>, _ marker: ListMarker) -> Piece {
        let first = lines[range.lowerBound]
        var items: [[Range<Int>]] = []
        for index in range {
            let line = lines[index]
            if line.indent == first.indent, let next = layout.marker(line), next.ordered == marker.ordered {
                items.append([next.textStart..<line.end])
            } else if items.isEmpty {
                items.append([line.contentStart..<line.end])
            } else {
                items[items.count - 1].append(line.contentStart..<line.end)
            }
        }
        let nodes = items.map { [Node.paragraph(segments: $0, strong: false)] }
        return .items(ordered: marker.ordered, markerIndent: first.indent, items: nodes)
    }

    /// A short term on its own line with its explanation indented under it (793's glossary).
    private func definition(_ range: Range<Int>) -> Node? {
        guard range.count > 1 else { return nil }
        let term = lines[range.lowerBound]
        let body = lines[range.lowerBound + 1]
        // A centred line over more centred lines is a title page's address, not a term.
        guard body.indent > term.indent, term.width - term.indent <= 60, !layout.isFull(term, before: body), !layout.isCentered(term),
            isRule(term) || !layout.isCodeLike(term),
            lines[(range.lowerBound + 1)..<range.upperBound].allSatisfy({ $0.indent >= body.indent })
        else { return nil }
        return .paragraph(segments: [term.contentStart..<term.end], strong: true)
    }

    /// A line in the right half of the page: a signature or a name set to the right.
    func isSetRight(_ line: TextLine) -> Bool {
        line.indent >= layout.width / 2
    }

    /// Lines broken well before the margin: addresses, lists of names, code.
    private func isRagged(_ range: Range<Int>) -> Bool {
        guard range.count > 1 else { return false }
        var short = 0
        for index in range.dropLast() {
            // Writers of prose sometimes break a little early; laid-out lines stop well short.
            let line = lines[index]
            if line.width + 1 + layout.firstWordLength(lines[index + 1]) <= layout.width - 8 { short += 1 }
        }
        return short * 2 > range.count - 1
    }

    /// A caption's first word (a figure's or a table's), as bytes once: every line is asked.
    private static let captionWords = [Array("figure ".utf8), Array("table ".utf8)]

    /// `Figure 3.`, `Table 1: ...`.
    private func isCaption(_ line: TextLine) -> Bool {
        for word in Self.captionWords where text.hasPrefix(line, word) {
            let after = line.contentStart + word.count
            return after < line.end && ASCII.isDigit(text.bytes[after])
        }
        return false
    }

    /// An ABNF rule: `http-URI = "http" "://" authority ...`.
    private func isRule(_ line: TextLine) -> Bool {
        let bytes = text.bytes
        var index = line.contentStart
        guard ASCII.isLetter(bytes[index]) else { return false }
        while index < line.end, ASCII.isAlphanumeric(bytes[index]) || bytes[index] == 0x2D || bytes[index] == 0x5F { index += 1 }
        let name = index
        while index < line.end, bytes[index] == ASCII.space { index += 1 }
        guard index > name, index + 1 < line.end, bytes[index] == 0x3D else { return false }  // =
        index += 1
        if bytes[index] == 0x2F { index += 1 }  // =/
        return index < line.end && bytes[index] == ASCII.space
    }

    /// v3 asides: every line starts with `|`.
    private func isAside(_ range: Range<Int>) -> Bool {
        range.allSatisfy { index in
            let line = lines[index]
            let bytes = text.bytes
            return bytes[line.contentStart] == 0x7C
                && (line.contentStart + 1 == line.end || bytes[line.contentStart + 1] == ASCII.space)
        }
    }

    /// The aside's paragraphs, split at lines holding only `|`.
    private func aside(_ range: Range<Int>) -> [Node] {
        var paragraphs: [[Range<Int>]] = [[]]
        for index in range {
            let line = lines[index]
            var start = line.contentStart + 1
            while start < line.end, text.bytes[start] == ASCII.space { start += 1 }
            if start >= line.end {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(start..<line.end)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { .paragraph(segments: $0, strong: false) }
    }
}
