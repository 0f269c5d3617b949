/// What the scoring and cleaning rules measure of an element's descendants, for every element
/// below a root at once: one bottom-up pass instead of a walk per question. The extractor
/// keeps the table true while it removes elements (``refresh(from:in:)``).
struct SubtreeStats {
    struct Entry {
        /// Characters with white-space runs counted once across node boundaries, before the
        /// ends are trimmed; and whether the first and last text start and end with a space.
        var characters: Int32 = 0
        var hasText = false
        var leadingSpace = false
        var trailingSpace = false
        /// Some text below is more than white space.
        var hasVisibleText = false
        var commas: Int32 = 0
        /// Characters in links (outermost links only), in-page (`#…`) links apart.
        var linked: Int32 = 0
        var linkedInPage: Int32 = 0
        var paragraphs: Int32 = 0
        var images: Int32 = 0
        var items: Int32 = 0
        var inputs: Int32 = 0
        var embeds: Int32 = 0
        /// Characters in every list below (nested lists count again, as Readability counts).
        var listCharacters: Int32 = 0
        /// Characters in the outermost headings, and in the outermost "textish" elements.
        var headingCharacters: Int32 = 0
        var textishCharacters: Int32 = 0
        var hasDataTable = false

        /// Readability's normalized text length: trimmed, white-space runs counted once.
        var textLength: Int {
            var total = Int(characters)
            if leadingSpace { total -= 1 }
            if trailingSpace, total > 0 { total -= 1 }
            return max(total, 0)
        }

        /// The share of the text that sits in links; in-page links weigh 0.3.
        var linkDensity: Double {
            let total = textLength
            guard total > 0 else { return 0 }
            return (Double(linked) + Double(linkedInPage) * 0.3) / Double(total)
        }
    }

    private(set) var entries: [Entry]

    /// Nodes made after the measuring (or never measured) have nothing below them.
    subscript(_ node: Int32) -> Entry { node >= 0 && Int(node) < entries.count ? entries[Int(node)] : Entry() }

    init() { entries = [] }

    /// Measures everything below `root` in `dom`; `dataTables` are the tables that hold data.
    init(_ dom: DOM, below root: Int32, dataTables: Set<Int32> = []) {
        entries = Array(repeating: Entry(), count: dom.nodes.count)
        guard root != -1 else { return }
        // Parents come before their children in document order: measured in reverse, every
        // child is done before its parent.
        var order: [Int32] = [root]
        dom.forEachDescendant(of: root) { node in
            order.append(node)
            return true
        }
        for node in order.reversed() { entries[Int(node)] = SubtreeStats.measure(node, in: dom, entries, dataTables) }
    }

    /// Measures again `from` and its ancestors up to `root`, after a change below `from`.
    mutating func refresh(from: Int32, in dom: DOM, root: Int32, dataTables: Set<Int32>) {
        var node = from
        while node != -1 {
            entries[Int(node)] = SubtreeStats.measure(node, in: dom, entries, dataTables)
            if node == root { break }
            node = dom[node].parent
        }
    }

    /// One node from its children's entries.
    private static func measure(_ node: Int32, in dom: DOM, _ entries: [Entry], _ dataTables: Set<Int32>) -> Entry {
        let own = dom[node]
        var entry = Entry()
        if own.tag == .text {
            guard own.length > 0 else { return entry }
            entry.characters = own.length
            entry.hasText = true
            entry.leadingSpace = own.leadingSpace
            entry.trailingSpace = own.trailingSpace
            entry.hasVisibleText = !own.blank
            entry.commas = own.commas
            return entry
        }
        var child = own.firstChild
        while child != -1 {
            let below = entries[Int(child)]
            let tag = dom.tag(child)
            if below.hasText {
                if !entry.hasText {
                    entry.leadingSpace = below.leadingSpace
                } else if entry.trailingSpace && below.leadingSpace {
                    entry.characters -= 1
                }
                entry.characters += below.characters
                entry.trailingSpace = below.trailingSpace
                entry.hasText = true
            }
            entry.hasVisibleText = entry.hasVisibleText || below.hasVisibleText
            entry.commas += below.commas
            if tag == .a {
                let length = Int32(below.textLength)
                if SubtreeStats.isInPageLink(child, dom) { entry.linkedInPage += length } else { entry.linked += length }
            } else {
                entry.linked += below.linked
                entry.linkedInPage += below.linkedInPage
            }
            entry.paragraphs += below.paragraphs + (tag == .p ? 1 : 0)
            entry.images += below.images + (tag == .img ? 1 : 0)
            entry.items += below.items + (tag == .li ? 1 : 0)
            entry.inputs += below.inputs + (tag == .input ? 1 : 0)
            entry.embeds += below.embeds + (tag == .object || tag == .embed || tag == .iframe ? 1 : 0)
            entry.listCharacters += below.listCharacters + (tag == .ul || tag == .ol ? Int32(below.textLength) : 0)
            entry.headingCharacters += tag.isHeading ? Int32(below.textLength) : below.headingCharacters
            entry.textishCharacters += Cleaner.textish.contains(tag) ? Int32(below.textLength) : below.textishCharacters
            entry.hasDataTable = entry.hasDataTable || below.hasDataTable || (tag == .table && dataTables.contains(child))
            child = dom[child].next
        }
        return entry
    }

    private static func isInPageLink(_ link: Int32, _ dom: DOM) -> Bool {
        guard let href = dom.attributeBytes(link, .href) else { return false }
        return href.count > 1 && href.first == UInt8(ascii: "#")
    }
}
