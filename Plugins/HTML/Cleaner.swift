/// Readability's last pass over the chosen content: drops forms, embeds, share bars, headings
/// with bad classes and blocks that read like lists of links, and marks the data tables.
struct Cleaner {
    var dom: DOM
    let flags: ExtractionFlags
    /// Top-level parts cleaned as if they were `div`s, as Readability retags them.
    let treatedAsDiv: Set<Int32>
    var dataTables: Set<Int32> = []

    init(dom: DOM, flags: ExtractionFlags, treatedAsDiv: Set<Int32> = []) {
        self.dom = dom
        self.flags = flags
        self.treatedAsDiv = treatedAsDiv
    }

    /// The element's tag as the cleaning rules see it.
    private func cleaningTag(_ node: Int32) -> Tag { treatedAsDiv.contains(node) ? .div : dom.tag(node) }

    /// The elements below `article` that the cleaning rules see as `tag`, in document order.
    private func elements(_ article: Int32, _ tag: Tag) -> [Int32] {
        var found: [Int32] = []
        dom.forEachDescendant(of: article) { node in
            if cleaningTag(node) == tag { found.append(node) }
            return true
        }
        return found
    }

    mutating func clean(_ article: Int32) {
        markDataTables(article)
        cleanConditionally(article, .form)
        cleanConditionally(article, .fieldset)
        removeAll(article, [.object, .embed, .footer, .link, .aside, .nav, .dialog])
        for child in dom.elementChildren(article) {
            removeShareElements(below: child)
        }
        removeAll(article, [.iframe, .input, .textarea, .select, .button])
        for heading in dom.descendants(of: article, tags: [.h1, .h2]).reversed()
        where dom.classWeight(heading, flags: flags) < 0 {
            dom.detach(heading)
        }
        cleanConditionally(article, .table)
        cleanConditionally(article, .ul)
        cleanConditionally(article, .div)
        for paragraph in dom.descendants(of: article, tags: [.p]).reversed()
        where !dom.hasText(paragraph) && dom.count([.img, .embed, .object, .iframe], in: paragraph) == 0 {
            dom.detach(paragraph)
        }
    }

    private mutating func removeAll(_ article: Int32, _ tags: TagSet) {
        for node in dom.descendants(of: article, tags: tags).reversed() { dom.detach(node) }
    }

    /// Small elements named like share buttons, below the top-level parts of the content.
    private mutating func removeShareElements(below part: Int32) {
        var node = dom[part].firstChild
        while node != -1 {
            if dom.tag(node) != .text,
                dom[node].hints.contains(.share),
                dom.textLength(node) < 500
            {
                let next = dom.following(node, within: part, skippingChildren: true)
                dom.detach(node)
                node = next
            } else {
                node = dom.following(node, within: part)
            }
        }
    }

    /// Removes elements of `tag` that look like furniture: more images than paragraphs, more
    /// list items than paragraphs, many links, inputs, or embeds with little text.
    private mutating func cleanConditionally(_ article: Int32, _ tag: Tag) {
        guard flags.cleanConditionally else { return }
        for node in elements(article, tag).reversed() where dom.isInside(node, article) {
            if shouldRemove(node, tag: tag) { dom.detach(node) }
        }
    }

    private func shouldRemove(_ node: Int32, tag: Tag) -> Bool {
        let textLength = dom.textLength(node)
        var isList = tag == .ul || tag == .ol
        if !isList, textLength > 0 {
            var listLength = 0
            for list in dom.descendants(of: node, tags: [.ul, .ol]) { listLength += dom.textLength(list) }
            isList = Double(listLength) / Double(textLength) > 0.9
        }
        if dataTables.contains(node) { return false }
        if insideDataTable(node) || dom.hasAncestor(node, .code, maxDepth: 3) { return false }
        if dom.descendants(of: node, tags: [.table]).contains(where: dataTables.contains) { return false }
        let weight = dom.classWeight(node, flags: flags)
        if weight < 0 { return true }
        guard dom.commaCount(node) < 10 else { return false }

        let paragraphs = dom.count([.p], in: node)
        let images = dom.count([.img], in: node)
        let items = dom.count([.li], in: node) - 100
        let inputs = dom.count([.input], in: node)
        let headingDensity = dom.textDensity(node, tags: [.h1, .h2, .h3, .h4, .h5, .h6])
        let embeds = dom.count([.object, .embed, .iframe], in: node)
        let linkDensity = dom.linkDensity(node)
        let inFigure = dom.hasAncestor(node, .figure, maxDepth: 3)
        let textDensity = dom.textDensity(node, tags: Cleaner.textish)

        var remove = (images > 1 && Double(paragraphs) / Double(images) < 0.5 && !inFigure)
        remove = remove || (!isList && items > paragraphs)
        remove = remove || inputs > paragraphs / 3
        // Short is suspicious only with links: a one-line code block is content.
        remove =
            remove
            || (!isList && !inFigure && headingDensity < 0.9 && textLength < 25 && (images == 0 || images > 2)
                && linkDensity > 0)
        remove = remove || (!isList && weight < 25 && linkDensity > 0.2)
        remove = remove || (weight >= 25 && linkDensity > 0.5)
        remove = remove || (embeds == 1 && textLength < 75) || embeds > 1
        remove = remove || (images == 0 && textDensity == 0)
        // A list of images (one per item) stays.
        if isList && remove {
            for child in dom.elementChildren(node) where dom.elementChildCount(child) > 1 { return remove }
            if images == dom.count([.li], in: node) { return false }
        }
        return remove
    }

    /// Elements whose text reads as content (Readability's "textish" tags).
    static let textish: TagSet = [.span, .li, .td, .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]

    private func insideDataTable(_ node: Int32) -> Bool {
        var current = dom[node].parent
        while current != -1 {
            if dom.tag(current) == .table, dataTables.contains(current) { return true }
            current = dom[current].parent
        }
        return false
    }

    /// Tables of data, as opposed to tables used for layout.
    private mutating func markDataTables(_ article: Int32) {
        for table in elements(article, .table) where isDataTable(table) {
            dataTables.insert(table)
        }
    }

    func isDataTable(_ table: Int32) -> Bool {
        if dom.attribute(table, .role) == "presentation" { return false }
        if dom.attribute(table, .datatable) == "0" { return false }
        if dom.attribute(table, .summary) != nil { return true }
        if let caption = dom.elementChildren(table).first(where: { dom.tag($0) == .caption }),
            dom[caption].firstChild != -1
        {
            return true
        }
        if dom.count([.col, .colgroup, .tfoot, .thead, .th], in: table) > 0 { return true }
        if dom.count([.table], in: table) > 0 { return false }
        var rows = 0
        var columns = 0
        for row in dom.descendants(of: table, tags: [.tr]) {
            rows += max(1, Int(dom.attribute(row, .rowspan) ?? "") ?? 1)
            var width = 0
            for cell in dom.elementChildren(row) where dom.tag(cell) == .td || dom.tag(cell) == .th {
                width += max(1, Int(dom.attribute(cell, .colspan) ?? "") ?? 1)
            }
            columns = max(columns, width)
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }
}
