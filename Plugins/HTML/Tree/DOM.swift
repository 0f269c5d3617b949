/// One node of the page: an element or a run of text. Links are indexes into ``DOM/nodes``;
/// -1 means none. Plain values only, so that copying the tree for a retry is a memory copy.
struct Node {
    var tag: ElementKind
    /// Text nodes: nothing but white space.
    var blank: Bool = true
    /// Text nodes: starts with white space; ends with white space.
    var leadingSpace = false
    var trailingSpace = false
    /// Elements: what the parser read in their attributes, for the extractor's rules.
    var hints: ElementHints = []
    /// Elements: +25 per positive and -25 per negative word in the class and in the id.
    var classWeight: Int8 = 0
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var previous: Int32 = -1
    var next: Int32 = -1
    /// Text nodes: length in characters with white-space runs counted as one.
    var length: Int32 = 0
    /// Text nodes: commas, in any script.
    var commas: Int32 = 0
    /// Text nodes: first byte in ``DOM/bytes``; elements: first index in ``DOM/attributes``.
    var payload: Int32 = -1
    /// Text nodes: how many bytes; elements: how many attributes follow `payload`.
    var payloadCount: Int32 = 0
}

/// A mutable tree over the libxml2 document, cheap to copy (the extractor retries on a fresh
/// copy) and walked without recursion, so that hostile nesting cannot exhaust the stack.
struct DOM {
    var nodes: [Node] = []
    var root: Int32 = -1
    var body: Int32 = -1
    /// The UTF-8 of every text and attribute value the parser read, end to end; nodes hold
    /// ranges of it, and text becomes a `String` only where a document needs one.
    var bytes: [UInt8] = []
    var attributes: [Attribute] = []
    /// The `br`, `h1`/`h2` and `time` elements as parsed, in document order: the passes
    /// that want only these need not walk the page.
    var lineBreaks: [Int32] = []
    var topHeadings: [Int32] = []
    var times: [Int32] = []

    subscript(_ index: Int32) -> Node {
        get { nodes[Int(index)] }
        // In place: `dom[node].parent = …` must not copy the whole node out and back.
        _modify { yield &nodes[Int(index)] }
    }

    func tag(_ index: Int32) -> ElementKind { nodes[Int(index)].tag }

    /// The bytes of a text node (none for an element).
    func textBytes(_ index: Int32) -> ArraySlice<UInt8> {
        let node = nodes[Int(index)]
        guard node.tag == .text, node.payload >= 0 else { return [] }
        return bytes[Int(node.payload)..<Int(node.payload + node.payloadCount)]
    }

    func text(_ index: Int32) -> String { String(decoding: textBytes(index), as: UTF8.self) }

    /// The value of an attribute as written (entities decoded), or nil when it is absent.
    func attributeBytes(_ index: Int32, _ name: AttributeName) -> ArraySlice<UInt8>? {
        let node = nodes[Int(index)]
        guard node.tag != .text, node.payloadCount > 0 else { return nil }
        for position in Int(node.payload)..<Int(node.payload + node.payloadCount)
        where attributes[position].name == name {
            let attribute = attributes[position]
            return bytes[Int(attribute.start)..<Int(attribute.start + attribute.count)]
        }
        return nil
    }

    func attribute(_ index: Int32, _ name: AttributeName) -> String? {
        attributeBytes(index, name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The `class` attribute in ASCII lowercase.
    func className(_ index: Int32) -> [UInt8] {
        guard let value = attributeBytes(index, .class) else { return [] }
        return value.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }

    // MARK: Walking

    /// The node after `index` in document order, within the subtree of `scope`; -1 at the end.
    func following(_ index: Int32, within scope: Int32, skippingChildren: Bool = false) -> Int32 {
        if !skippingChildren, self[index].firstChild != -1 { return self[index].firstChild }
        var current = index
        while current != scope, current != -1 {
            if self[current].next != -1 { return self[current].next }
            current = self[current].parent
        }
        return -1
    }

    /// The element after `index` in document order (Readability's `_getNextNode`).
    func nextElement(_ index: Int32, skippingChildren: Bool = false) -> Int32 {
        var current = following(index, within: -1, skippingChildren: skippingChildren)
        while current != -1, tag(current) == .text {
            current = following(current, within: -1, skippingChildren: true)
        }
        return current
    }

    /// Calls `body` for every node below `scope` (not `scope` itself), in document order;
    /// returning false from `body` skips that node's children.
    func forEachDescendant(of scope: Int32, _ body: (Int32) -> Bool) {
        var current = self[scope].firstChild
        while current != -1 {
            let descend = body(current)
            current = following(current, within: scope, skippingChildren: !descend)
        }
    }

    /// The descendants of `scope` with one of `tags`, in document order.
    func descendants(of scope: Int32, tags: ElementKindSet) -> [Int32] {
        var found: [Int32] = []
        forEachDescendant(of: scope) { node in
            if tags.contains(tag(node)) { found.append(node) }
            return true
        }
        return found
    }

    func elementChildren(_ index: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = self[index].firstChild
        while child != -1 {
            if tag(child) != .text { result.append(child) }
            child = self[child].next
        }
        return result
    }

    func elementChildCount(_ index: Int32) -> Int {
        var count = 0
        var child = self[index].firstChild
        while child != -1 {
            if tag(child) != .text { count += 1 }
            child = self[child].next
        }
        return count
    }

    func hasAncestor(_ index: Int32, _ wanted: ElementKind, maxDepth: Int = .max) -> Bool {
        var current = self[index].parent
        var depth = 0
        while current != -1 {
            if depth >= maxDepth { return false }
            if tag(current) == wanted { return true }
            current = self[current].parent
            depth += 1
        }
        return false
    }

    /// Whether `index` still hangs below `ancestor`.
    func isInside(_ index: Int32, _ ancestor: Int32) -> Bool {
        var current = index
        while current != -1 {
            if current == ancestor { return true }
            current = self[current].parent
        }
        return false
    }

    // MARK: Changing

    mutating func detach(_ index: Int32) {
        let node = self[index]
        if node.previous != -1 {
            self[node.previous].next = node.next
        } else if node.parent != -1 {
            self[node.parent].firstChild = node.next
        }
        if node.next != -1 {
            self[node.next].previous = node.previous
        } else if node.parent != -1 {
            self[node.parent].lastChild = node.previous
        }
        self[index].parent = -1
        self[index].previous = -1
        self[index].next = -1
    }

    mutating func append(_ child: Int32, to parent: Int32) {
        detach(child)
        let last = self[parent].lastChild
        self[child].parent = parent
        self[child].previous = last
        if last != -1 { self[last].next = child } else { self[parent].firstChild = child }
        self[parent].lastChild = child
    }

    mutating func insert(_ child: Int32, before reference: Int32) {
        detach(child)
        let parent = self[reference].parent
        let previous = self[reference].previous
        self[child].parent = parent
        self[child].previous = previous
        self[child].next = reference
        self[reference].previous = child
        if previous != -1 { self[previous].next = child } else if parent != -1 { self[parent].firstChild = child }
    }

    mutating func replace(_ old: Int32, with new: Int32) {
        insert(new, before: old)
        detach(old)
    }

    /// A new element, not yet in the tree.
    mutating func makeElement(_ tag: ElementKind) -> Int32 {
        nodes.append(Node(tag: tag))
        return Int32(nodes.count - 1)
    }
}
