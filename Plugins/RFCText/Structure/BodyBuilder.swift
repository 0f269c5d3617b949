/// Turns the cleaned lines into nodes: front matter, contents, headings, paragraphs, lists,
/// figures. Lines are taken a chunk (a run between blank lines) at a time.
struct BodyBuilder {
    let layout: Layout
    let lines: [TextLine]
    let contents: Contents?
    /// The indentation of ordinary paragraphs.
    let textIndent: Int
    private(set) var front = FrontMatter()
    private(set) var nodes: [Node] = []
    var lists: [ListFrame] = []
    /// The parts of the last numbered heading, to tell headings from numbered lines.
    var lastNumber: [String]?
    var numberedHeadingSeen = false
    private var titleLooked = false
    /// Set once the block after the title was looked at for the rest of a title cut at `:` or `--`.
    private var titleContinued = false
    /// Set where a block was dropped (the title), so that what came before and after stays apart.
    private var separateNext = false

    var text: SourceText { layout.text }

    init(_ layout: Layout, lines: [TextLine]) {
        self.layout = layout
        self.lines = lines
        self.contents = Contents.find(in: lines, layout)
        self.textIndent = Self.textIndent(lines, layout)
    }

    mutating func build() {
        var index = 0
        var blanks = 0
        while index < lines.count {
            if let contents, index == contents.titleLine {
                closeLists()
                emitContents(contents)
                index = contents.endLine
                blanks = 0
                continue
            }
            if lines[index].isBlank {
                if lines[index].kind == .text { blanks += 1 }
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !lines[end].isBlank, end != contents?.titleLine { end += 1 }
            take(Chunk(lines: index..<end, blanksBefore: blanks))
            blanks = 0
            index = end
        }
        closeLists()
    }

    private mutating func take(_ chunk: Chunk) {
        let first = lines[chunk.lines.lowerBound]
        if !numberedHeadingSeen, FrontMatter.startsHeaderBlock(lines[chunk.lines], layout) {
            let hadTitle = front.title != nil
            let used = front.read(lines[chunk.lines], layout)
            if !hadTitle, front.title != nil { titleLooked = true }
            closeLists()
            emit(verbatim(chunk.lines.lowerBound..<(chunk.lines.lowerBound + used)), blanksBefore: chunk.blanksBefore)
            separateNext = used < chunk.lines.count
            return
        }
        if front.headerBlocks > 0, let title = front.title, !titleContinued {
            titleContinued = true
            if FrontMatter.isCut(title) || FrontMatter.continuesTitle(first, text),
                let more = FrontMatter.title(lines[chunk.lines], layout), !more.keep
            {
                front.title = title + " " + more.title
                separateNext = true
                return
            }
        }
        if front.headerBlocks > 0, !titleLooked {
            titleLooked = true
            // A first heading's number keeps a block from being the title; a number no first
            // heading has does not (`E.164 number and DNS`, RFC 2916's title).
            if SectionNumber.parse(text.bytes, from: first.contentStart, to: first.end)?.follows(nil) != true,
                let found = FrontMatter.title(lines[chunk.lines], layout)
            {
                front.title = found.title
                // The title is the document's title; only a block holding more stays in the body.
                if found.keep {
                    emit(verbatim(chunk.lines), blanksBefore: chunk.blanksBefore)
                    titleContinued = true
                }
                separateNext = true
                return
            }
        }
        if let (heading, used) = heading(chunk) {
            closeLists()
            nodes.append(heading)
            if used < chunk.lines.count {
                take(Chunk(lines: (chunk.lines.lowerBound + used)..<chunk.lines.upperBound, blanksBefore: 0))
            }
            return
        }
        place(chunk)
    }

    /// Puts a chunk into the open lists or the body, by its indentation.
    private mutating func place(_ chunk: Chunk) {
        let indent = lines[chunk.lines.lowerBound].indent
        switch classify(chunk.lines, blanksBefore: chunk.blanksBefore, underFigure: true) {
        case .items(let ordered, let markerIndent, let items):
            while let top = lists.last, markerIndent < top.markerIndent || (markerIndent == top.markerIndent && ordered != top.ordered) {
                closeTop()
            }
            if let top = lists.last, top.markerIndent == markerIndent {
                lists[lists.count - 1].items += items
            } else {
                lists.append(ListFrame(markerIndent: markerIndent, ordered: ordered, items: items))
            }
        case .node(let node):
            while let top = lists.last, indent <= top.markerIndent { closeTop() }
            emit(node, blanksBefore: chunk.blanksBefore)
        case .nodes(let found):
            while let top = lists.last, indent <= top.markerIndent { closeTop() }
            for node in found { emit(node, blanksBefore: chunk.blanksBefore) }
        }
    }

    func verbatim(_ range: Range<Int>, drawn: Bool = false) -> Node {
        .verbatim([VerbatimPart(lines: Array(lines[range]), blanksBefore: 0, drawn: drawn)])
    }

    /// Whether the last node where the next one would go is a drawing, which deeper lines may extend.
    var lastIsDrawing: Bool {
        let last = lists.last.flatMap { $0.items.last?.last } ?? (lists.isEmpty ? nodes.last : nil)
        if case .verbatim(let parts)? = last { return parts.contains { $0.drawn } }
        return false
    }

    private mutating func emit(_ node: Node, blanksBefore: Int) {
        var blanks = separateNext ? Int.max : blanksBefore
        separateNext = false
        // A signature set to the right (`Jon Postel` / `Editor`) ends with itself: what follows
        // it (the next page's header) is not part of it.
        if case .verbatim(let parts) = node, case .verbatim(let previous)? = nodes.last, lists.isEmpty,
            previous.allSatisfy({ $0.lines.allSatisfy { $0.isBlank || isSetRight($0) } }),
            !parts.allSatisfy({ $0.lines.allSatisfy { $0.isBlank || isSetRight($0) } })
        {
            blanks = .max
        }
        // The title page (figures only, from the first block on) is one figure however far
        // apart its lines are, so that its centred lines keep their places.
        if case .verbatim = node, lists.isEmpty, nodes.count == 1, case .verbatim = nodes[0] { blanks = min(blanks, 2) }
        if lists.isEmpty {
            Self.append(node, blanks, to: &nodes)
        } else {
            let list = lists.count - 1
            Self.append(node, blanks, to: &lists[list].items[lists[list].items.count - 1])
        }
    }

    /// Figures split by blank lines (or pages) are one figure; consecutive asides one quote.
    private static func append(_ node: Node, _ blanksBefore: Int, to container: inout [Node]) {
        switch (container.last, node) {
        case (.verbatim(var previous)?, .verbatim(var parts)) where blanksBefore <= 2:
            // Taken out first so that the parts grow in place, however many there are.
            container.removeLast()
            parts[0].blanksBefore = blanksBefore
            previous.append(contentsOf: parts)
            container.append(.verbatim(previous))
        case (.quote(var previous)?, .quote(let inner)) where blanksBefore <= 2:
            container.removeLast()
            previous.append(contentsOf: inner)
            container.append(.quote(previous))
        default:
            container.append(node)
        }
    }

    mutating func closeLists() {
        while !lists.isEmpty { closeTop() }
    }

    private mutating func closeTop() {
        guard let frame = lists.popLast() else { return }
        emit(.list(ordered: frame.ordered, items: frame.items), blanksBefore: 0)
    }

    /// The contents stay readable: their title, then their lines without leaders and page numbers.
    private mutating func emitContents(_ contents: Contents) {
        let title = lines[contents.titleLine]
        nodes.append(.paragraph(segments: [title.contentStart..<title.end], strong: true))
        var shown: [TextLine] = []
        for line in contents.displayLines where line.kind != .pageGap {
            if line.isBlank, shown.last?.isBlank ?? true { continue }
            shown.append(line)
        }
        while shown.last?.isBlank == true { shown.removeLast() }
        if !shown.isEmpty { nodes.append(.verbatim([VerbatimPart(lines: shown, blanksBefore: 0)])) }
    }

    /// The indentation most full lines of prose have.
    private static func textIndent(_ lines: [TextLine], _ layout: Layout) -> Int {
        var counts = [Int](repeating: 0, count: 41)
        for index in lines.indices.dropLast() {
            let line = lines[index]
            let next = lines[index + 1]
            guard !line.isBlank, !next.isBlank, line.indent == next.indent, line.indent <= 40,
                layout.isFull(line, before: next)
            else { continue }
            counts[line.indent] += 1
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return 3 }
        return best
    }
}
