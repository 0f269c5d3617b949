/// Readability's last pass over the chosen content: drops forms, embeds, share bars, headings
/// with bad classes and blocks that read like lists of links, and marks the data tables.
struct Cleaner {
    var dom: DOM
    let flags: ExtractionFlags
    /// Top-level parts cleaned as if they were `div`s, as Readability retags them.
    let treatedAsDiv: Set<Int32>
    var dataTables: Set<Int32> = []
    /// Characters of the news-page furniture taken out (`Cleaner+Furniture.swift`).
    var furnitureLength = 0
    /// The measures of the content, kept true as parts of it go.
    private(set) var stats = SubtreeStats()
    private(set) var article: Int32 = -1

    /// The elements below the article at the start, in document order: the passes pick
    /// theirs from this list (skipping what earlier passes removed) instead of walking.
    private var elementsBelow: [Int32] = []

    init(dom: DOM, flags: ExtractionFlags, treatedAsDiv: Set<Int32> = []) {
        self.dom = dom
        self.flags = flags
        self.treatedAsDiv = treatedAsDiv
        for node in treatedAsDiv { self.dom[node].hints.insert(.treatedAsDiv) }
    }

    /// The element's tag as the cleaning rules see it.
    private func cleaningTag(_ node: Int32) -> ElementKind { dom[node].hints.contains(.treatedAsDiv) ? .div : dom.tag(node) }

    /// The elements still below `article` that the cleaning rules see as `tag`, in document
    /// order.
    func elements(_ article: Int32, _ tag: ElementKind) -> [Int32] {
        elementsBelow.filter { cleaningTag($0) == tag && dom.isInside($0, article) }
    }

    /// The elements still below `article` with one of `tags`, in document order.
    func elements(_ article: Int32, tags: ElementKindSet) -> [Int32] {
        elementsBelow.filter { tags.contains(dom.tag($0)) && dom.isInside($0, article) }
    }

    mutating func clean(_ article: Int32) {
        dom.forEachDescendant(of: article) { node in
            if dom.tag(node) != .text { elementsBelow.append(node) }
            return true
        }
        markDataTables(article)
        self.article = article
        stats = SubtreeStats(dom, below: article, counting: true, dataTables: dataTables)
        cleanConditionally(.form)
        cleanConditionally(.fieldset)
        removeAll([.object, .embed, .footer, .link, .aside, .nav, .dialog])
        for child in dom.elementChildren(article) {
            removeShareElements(below: child)
        }
        removeAll([.iframe, .input, .textarea, .select, .button])
        removeCaptionLines()
        removeFurnitureSections()
        removeDatelines()
        removeBylineLines()
        removeCallsToAction()
        removeLinkRuns()
        removeSignupAndAuthorBoxes()
        for heading in elements(article, tags: [.h1, .h2]).reversed()
        where dom.classWeight(heading, flags: flags) < 0 {
            remove(heading)
        }
        cleanConditionally(.table)
        cleanConditionally(.ul)
        cleanConditionally(.div)
        for paragraph in elements(article, tags: [.p]).reversed() {
            let below = stats[paragraph]
            if !below.hasVisibleText && below.counts.images == 0 && below.counts.embeds == 0 { remove(paragraph) }
        }
    }

    /// The text measures of the content as it now stands.
    var articleStats: SubtreeStats.Entry { stats[article] }

    mutating func remove(_ node: Int32) {
        let parent = dom[node].parent
        dom.detach(node)
        if parent != -1 { stats.refresh(from: parent, in: dom, root: article) }
    }

    private mutating func removeAll(_ tags: ElementKindSet) {
        for node in elements(article, tags: tags).reversed() { remove(node) }
    }

    /// Small elements named like share buttons, below the top-level parts of the content.
    private mutating func removeShareElements(below part: Int32) {
        var node = dom[part].firstChild
        while node != -1 {
            if dom.tag(node) != .text, dom[node].hints.contains(.share), stats[node].textLength < 500 {
                let next = dom.following(node, within: part, skippingChildren: true)
                remove(node)
                node = next
            } else {
                node = dom.following(node, within: part)
            }
        }
    }

    /// Removes elements of `tag` that look like furniture: more images than paragraphs, more
    /// list items than paragraphs, many links, inputs, or embeds with little text.
    private mutating func cleanConditionally(_ tag: ElementKind) {
        guard flags.cleanConditionally else { return }
        for node in elements(article, tag).reversed() {
            if shouldRemove(node, tag: tag) { remove(node) }
        }
    }

    private func shouldRemove(_ node: Int32, tag: ElementKind) -> Bool {
        let entry = stats[node]
        let below = entry.counts
        let textLength = entry.textLength
        func share(_ characters: Int32) -> Double { textLength > 0 ? Double(characters) / Double(textLength) : 0 }
        var isList = tag == .ul || tag == .ol
        if !isList, textLength > 0 { isList = share(below.listCharacters) > 0.9 }
        if dataTables.contains(node) { return false }
        if insideDataTable(node) || dom.hasAncestor(node, .code, maxDepth: 3) { return false }
        if below.hasDataTable { return false }
        // A quoted post stays whatever its wrapper is named (`DOM.holdsEmbeddedPost`).
        if below.embeddedPosts > 0 || dom[node].hints.contains(.embeddedPost) { return false }
        let weight = dom.classWeight(node, flags: flags)
        if weight < 0 { return true }
        guard entry.commas < 10 else { return false }

        let paragraphs = Int(below.paragraphs)
        let images = Int(below.images)
        let items = Int(below.items) - 100
        let inputs = Int(below.inputs)
        let headingDensity = share(below.headingCharacters)
        let embeds = Int(below.embeds)
        let linkDensity = entry.linkDensity
        let inFigure = dom.hasAncestor(node, .figure, maxDepth: 3)
        let textDensity = share(below.textishCharacters)

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
            if images == Int(below.items) { return false }
        }
        return remove
    }

    /// Elements whose text reads as content (Readability's "textish" tags).
    static let textish: ElementKindSet = [.span, .li, .td, .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]
}
