/// Text measures of one subtree, walked fresh: for the few questions asked while the tree
/// changes (``SubtreeStats`` measures the whole content at once for the rest).
extension DOM {
    /// Characters of text below `index`, trimmed, with white-space runs counted once even
    /// across elements (Readability's normalized `textContent` length).
    func textLength(_ index: Int32) -> Int {
        var total = 0
        var spaceBefore = true  // the start counts as white space: leading space is trimmed
        func add(_ node: Int32) {
            let text = self[node]
            guard text.length > 0 else { return }
            total += Int(text.length)
            if spaceBefore, text.leadingSpace { total -= 1 }
            spaceBefore = text.trailingSpace
        }
        if tag(index) == .text {
            add(index)
        } else {
            forEachDescendant(of: index) { node in
                if tag(node) == .text { add(node) }
                return true
            }
        }
        if spaceBefore, total > 0 { total -= 1 }
        return max(total, 0)
    }

    /// Whether there is any non-blank text below `index`.
    func hasText(_ index: Int32) -> Bool {
        if tag(index) == .text { return !self[index].blank }
        var found = false
        forEachDescendant(of: index) { node in
            if found { return false }
            if tag(node) == .text, !self[node].blank { found = true }
            return !found
        }
        return found
    }

    /// The share of the text that sits in links; in-page (`#…`) links weigh less.
    func linkDensity(_ index: Int32) -> Double {
        let total = textLength(index)
        guard total > 0 else { return 0 }
        var linked = 0.0
        forEachDescendant(of: index) { node in
            guard tag(node) == .a else { return true }
            let href = attribute(node, .href) ?? ""
            let weight = href.utf8.count > 1 && href.utf8.first == UInt8(ascii: "#") ? 0.3 : 1.0
            linked += Double(textLength(node)) * weight
            return false
        }
        return linked / Double(total)
    }

    func count(_ wanted: ElementKindSet, in index: Int32) -> Int {
        var total = 0
        forEachDescendant(of: index) { node in
            if wanted.contains(tag(node)) { total += 1 }
            return true
        }
        return total
    }

    /// The text below `index` with white space collapsed and trimmed.
    func normalizedText(_ index: Int32, limit: Int = .max) -> String {
        var collapser = SpaceCollapser()
        var taken = 0
        func add(_ node: Int32) {
            let text = textBytes(node)
            taken += text.count
            text.withUnsafeBufferPointer { collapser.append($0, spaceAllowed: false) }
        }
        if tag(index) == .text {
            add(index)
        } else {
            forEachDescendant(of: index) { node in
                if taken > limit { return false }
                if tag(node) == .text { add(node) }
                return true
            }
        }
        return String(decoding: collapser.bytes, as: UTF8.self)
    }
}

extension DOM {
    /// The text below `index` as the lines a reader sees: a new line at each `<br>` and
    /// wherever the text moves into another block, white space collapsed within each line,
    /// empty lines dropped. For short texts read apart from the article (a byline), whose
    /// pieces `normalizedText` would run together ("by Jeff FoustMonday, …").
    func textLines(_ index: Int32, limit: Int = .max) -> [String] {
        var lines: [String] = []
        var collapser = SpaceCollapser()
        var block: Int32 = -1
        var taken = 0
        func endLine() {
            if !collapser.bytes.isEmpty { lines.append(String(decoding: collapser.bytes, as: UTF8.self)) }
            collapser = SpaceCollapser()
        }
        func add(_ node: Int32) {
            let container = nearestBlock(of: node, within: index)
            if container != block {
                endLine()
                block = container
            }
            let text = textBytes(node)
            taken += text.count
            text.withUnsafeBufferPointer { collapser.append($0, spaceAllowed: false) }
        }
        if tag(index) == .text {
            add(index)
        } else {
            forEachDescendant(of: index) { node in
                if taken > limit { return false }
                switch tag(node) {
                case .text: add(node)
                case .br: endLine()
                default: break
                }
                return true
            }
        }
        endLine()
        return lines
    }

    /// The closest block element holding `node`, or `scope` when none lies between them.
    private func nearestBlock(of node: Int32, within scope: Int32) -> Int32 {
        var current = self[node].parent
        while current != -1, current != scope, !tag(current).isBlock { current = self[current].parent }
        return current == -1 ? scope : current
    }
}
