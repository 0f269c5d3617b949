import ReaderPluginAPI

/// Turns the chosen content into the document's blocks and link list, in one walk without
/// recursion: lists and quotes being built sit on an explicit stack.
struct BlockBuilder {
    let dom: DOM
    let dataTables: Set<Int32>
    let resolver: URLResolver
    private(set) var links: [Link] = []
    private var linkByURL: [String: Int] = [:]
    /// Alt texts given so far: a second picture with the same one is not described by it.
    private var altTexts: Set<String> = []
    /// The `figcaption`s a picture took as its caption: not read again as text.
    private var takenCaptions: Set<Int32> = []

    private struct Container {
        enum Kind { case root, list(ordered: Bool), item, quote }
        var kind: Kind
        var owner: Int32
        var blocks: [Block] = []
        var items: [[Block]] = []
    }

    private var containers: [Container] = [Container(kind: .root, owner: -1)]
    private var paragraph = InlineBuffer()
    private var strong = 0
    private var emphasis = 0
    private var code = 0
    private var link: (index: Int, owner: Int32)?

    init(dom: DOM, dataTables: Set<Int32>, resolver: URLResolver) {
        self.dom = dom
        self.dataTables = dataTables
        self.resolver = resolver
    }

    /// The blocks of everything below `scope`.
    mutating func build(_ scope: Int32) -> [Block] {
        guard scope != -1 else { return [] }
        var node = dom[scope].firstChild
        while node != -1 {
            if enter(node), dom[node].firstChild != -1 {
                node = dom[node].firstChild
                continue
            }
            var current = node
            node = -1
            while current != -1, current != scope {
                exit(current)
                if dom[current].next != -1 {
                    node = dom[current].next
                    break
                }
                current = dom[current].parent
            }
        }
        flush()
        while containers.count > 1 { close() }
        return Self.withoutAltsRepeatedByCaptions(containers[0].blocks)
    }

    /// A picture followed by a line that starts with its alt text is described by that line,
    /// its caption set by class (a `figcaption` is handled where the picture is read).
    static func withoutAltsRepeatedByCaptions(_ blocks: [Block]) -> [Block] {
        var result = blocks
        for index in result.indices.dropLast() {
            guard case .image(let alt?, let url, let caption, let blob) = result[index], case .paragraph = result[index + 1],
                let line = result[index + 1].plainText, line.hasPrefix(alt)
            else { continue }
            result[index] = .image(alt: nil, url: url, caption: caption, blob: blob)
        }
        return result
    }

    /// Handles the start of `node`; returns whether to walk its children.
    private mutating func enter(_ node: Int32) -> Bool {
        let tag = dom.tag(node)
        switch tag {
        case .text:
            let text = dom.textBytes(node)
            text.withUnsafeBufferPointer { paragraph.append($0, style: style, link: link?.index) }
            return false
        case .br:
            if paragraph.lineBreak() { flush() }
            return false
        case .img:
            addImage(node)
            return false
        case .hr:
            flush()
            emit(.rule)
            return false
        case .figcaption where takenCaptions.contains(node):
            flush()
            return false
        case .h1, .h2, .h3, .h4, .h5, .h6:
            flush()
            let title = dom.normalizedText(node)
            if !title.isEmpty { emit(.heading(level: tag.headingLevel, number: nil, title: title)) }
            return false
        case .pre:
            flush()
            let text = Preformatted.text(of: node, in: dom)
            if !text.isEmpty { emit(.preformatted(text, language: Preformatted.language(of: node, in: dom))) }
            return false
        case .table where dataTables.contains(node):
            flush()
            addTable(node)
            return false
        case .ul, .ol, .menu:
            flush()
            containers.append(Container(kind: .list(ordered: tag == .ol), owner: node))
            return true
        case .li:
            flush()
            if case .list = containers[containers.count - 1].kind {
                containers.append(Container(kind: .item, owner: node))
            }
            return true
        case .blockquote:
            flush()
            containers.append(Container(kind: .quote, owner: node))
            return true
        case .strong, .b:
            strong += 1
        case .em, .i, .cite, .dfn:
            emphasis += 1
        case .code, .kbd, .samp, .tt, .variable:
            code += 1
        case .a:
            if link == nil, let href = dom.attributeBytes(node, .href), let url = resolver.linkTarget(href) {
                link = (linkIndex(url: url, text: dom.normalizedText(node)), node)
            }
        default:
            if tag.isOpaque { return false }
            if tag.isBlock { flush() }
        }
        return true
    }

    private mutating func exit(_ node: Int32) {
        let tag = dom.tag(node)
        switch tag {
        case .ul, .ol, .menu, .li, .blockquote:
            flush()
            if containers[containers.count - 1].owner == node { close() }
        case .strong, .b: strong -= 1
        case .em, .i, .cite, .dfn: emphasis -= 1
        case .code, .kbd, .samp, .tt, .variable: code -= 1
        case .a:
            if link?.owner == node { link = nil }
        default:
            if tag.isBlock { flush() }
        }
    }

    private var style: Inline.Style {
        if code > 0 { return .code }
        if strong > 0 { return .strong }
        if emphasis > 0 { return .emphasis }
        return .plain
    }

    private mutating func flush() {
        let runs = paragraph.take()
        if !runs.isEmpty { emit(.paragraph(runs)) }
    }

    private mutating func emit(_ block: Block) {
        containers[containers.count - 1].blocks.append(block)
    }

    /// Ends the innermost list, item or quote and hands what it holds to its container.
    private mutating func close() {
        let done = containers.removeLast()
        switch done.kind {
        case .root:
            containers.append(done)
        case .list(let ordered):
            var items = done.items
            // Text directly in a list, outside any item, becomes an item of its own.
            if !done.blocks.isEmpty { items.append(done.blocks) }
            if !items.isEmpty { emit(.list(ordered: ordered, items: items)) }
        case .item:
            let parent = containers.count - 1
            if case .list = containers[parent].kind {
                if !done.blocks.isEmpty { containers[parent].items.append(done.blocks) }
            } else {
                containers[parent].blocks.append(contentsOf: done.blocks)
            }
        case .quote:
            if !done.blocks.isEmpty { emit(.quote(done.blocks)) }
        }
    }

    private mutating func linkIndex(url: String, text: String) -> Int {
        if let known = linkByURL[url] { return known }
        links.append(Link(text: text, url: url))
        linkByURL[url] = links.count - 1
        return links.count - 1
    }

    /// A picture that stands on its own; images inside running text are decoration.
    private mutating func addImage(_ node: Int32) {
        var container = dom[node].parent
        while container != -1, !dom.tag(container).isBlock { container = dom[container].parent }
        if container != -1, dom.hasText(container), dom.tag(container) != .figure { return }
        guard let source = ImageSource.url(of: node, in: dom), let url = resolver.resolve(source) else { return }
        var alt = dom.attribute(node, .alt)?.collapsingWhitespace()
        // A formula drawn as a picture carries its TeX source as alt text: markup, not words.
        if let text = alt, text.hasPrefix("{\\") || text.contains("\\displaystyle") { alt = nil }
        // A captioned figure is described by its caption: the picture's own, when it follows
        // the picture in its figure, else the text that follows.
        if hasCaption(node) { alt = nil }
        if let text = alt, !text.isEmpty, !altTexts.insert(text).inserted { alt = nil }
        var caption: String?
        if let figcaption = figureCaption(node) {
            caption = dom.normalizedText(figcaption).nonEmpty
            if caption != nil { takenCaptions.insert(figcaption) }
        }
        flush()
        emit(.image(alt: alt?.nonEmpty, url: url, caption: caption))
    }

    /// The `figcaption` with text of the figure `image` is in, when it comes after the picture
    /// (nodes are numbered in document order) and the figure holds no other picture.
    private func figureCaption(_ image: Int32) -> Int32? {
        var current = dom[image].parent
        for _ in 0..<4 where current != -1 {
            if dom.tag(current) == .figure {
                guard dom.descendants(of: current, tags: [.img]).count == 1 else { return nil }
                return dom.descendants(of: current, tags: [.figcaption]).first { $0 > image && dom.hasText($0) }
            }
            current = dom[current].parent
        }
        return nil
    }

    private func hasCaption(_ image: Int32) -> Bool {
        if dom[image].hints.contains(.captionRemoved) { return true }
        var current = dom[image].parent
        for _ in 0..<4 where current != -1 {
            if dom.tag(current) == .figure {
                return dom.descendants(of: current, tags: [.figcaption]).contains { dom.hasText($0) }
            }
            current = dom[current].parent
        }
        return false
    }

    private mutating func addTable(_ table: Int32) {
        if let caption = dom.elementChildren(table).first(where: { dom.tag($0) == .caption }) {
            let text = dom.normalizedText(caption)
            if !text.isEmpty { emit(.text(text)) }
        }
        var rows: [[String]] = []
        var header = false
        for row in dom.descendants(of: table, tags: [.tr]) where nearestTable(row) == table {
            let cells = dom.elementChildren(row).filter { dom.tag($0) == .td || dom.tag($0) == .th }
            guard !cells.isEmpty else { continue }
            if rows.isEmpty {
                header = cells.allSatisfy { dom.tag($0) == .th } || dom.hasAncestor(row, .thead, maxDepth: 1)
            }
            rows.append(cells.map { dom.normalizedText($0) })
        }
        if !rows.isEmpty { emit(.table(rows: rows, header: header)) }
    }

    private func nearestTable(_ node: Int32) -> Int32 {
        var current = dom[node].parent
        while current != -1, dom.tag(current) != .table { current = dom[current].parent }
        return current
    }
}
