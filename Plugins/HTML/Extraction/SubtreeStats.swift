/// What the scoring and cleaning rules measure of an element's descendants, for every element
/// below a root at once: one bottom-up pass instead of a walk per question. The extractor
/// keeps the table true while it removes elements (``refresh(from:in:root:)``). Scoring needs
/// only the text measures; the counts of paragraphs, images and the like are kept for the
/// cleaning pass, which runs over the content alone.
struct SubtreeStats {
    /// The text below a node.
    struct Text {
        /// Characters with white-space runs counted once across node boundaries, before the
        /// ends are trimmed.
        var characters: Int32 = 0
        var commas: Int32 = 0
        /// Characters in links (outermost links only), in-page (`#…`) links apart.
        var linked: Int32 = 0
        var linkedInPage: Int32 = 0
        var hasText = false
        /// Whether the first text starts and the last ends with white space.
        var leadingSpace = false
        var trailingSpace = false
        /// Some text below is more than white space.
        var hasVisibleText = false

        /// Readability's normalized text length: trimmed, white-space runs counted once.
        var length: Int {
            var total = Int(characters)
            if leadingSpace { total -= 1 }
            if trailingSpace, total > 0 { total -= 1 }
            return max(total, 0)
        }
    }

    /// Elements below a node, by kind, and the text in some of them.
    struct Counts {
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
        /// Posts quoted from a social network (``ElementHints/embeddedPost``).
        var embeddedPosts: Int32 = 0
    }

    /// Both, for one node.
    struct Entry {
        var text: Text
        var counts: Counts

        var textLength: Int { text.length }
        var commas: Int32 { text.commas }
        var hasVisibleText: Bool { text.hasVisibleText }

        /// The share of the text that sits in links; in-page links weigh 0.3.
        var linkDensity: Double {
            let total = text.length
            guard total > 0 else { return 0 }
            return (Double(text.linked) + Double(text.linkedInPage) * 0.3) / Double(total)
        }
    }

    private var texts: [Text]
    /// Empty unless measured with counts.
    private var counts: [Counts]
    private let dataTables: Set<Int32>

    /// Nodes made after the measuring (or never measured) have nothing below them.
    subscript(_ node: Int32) -> Entry {
        let index = Int(node)
        return Entry(
            text: index >= 0 && index < texts.count ? texts[index] : Text(),
            counts: index >= 0 && index < counts.count ? counts[index] : Counts())
    }

    init() {
        texts = []
        counts = []
        dataTables = []
    }

    /// Measures everything below `root` in `dom`; the counts too when `counting`, with
    /// `dataTables` the tables that hold data.
    init(_ dom: DOM, below root: Int32, counting: Bool = false, dataTables: Set<Int32> = []) {
        texts = Array(repeating: Text(), count: dom.nodes.count)
        counts = counting ? Array(repeating: Counts(), count: dom.nodes.count) : []
        self.dataTables = dataTables
        guard root != -1 else { return }
        // Parents come before their children in document order: measured in reverse, every
        // child is done before its parent.
        var order: [Int32] = []
        order.reserveCapacity(dom.nodes.count)
        order.append(root)
        dom.forEachDescendant(of: root) { node in
            order.append(node)
            return true
        }
        for node in order.reversed() { measure(node, in: dom) }
    }

    /// Measures again `from` and its ancestors up to `root`, after a change below `from`.
    mutating func refresh(from: Int32, in dom: DOM, root: Int32) {
        var node = from
        while node != -1 {
            measure(node, in: dom)
            if node == root { break }
            node = dom[node].parent
        }
    }

    /// One node from its children's entries.
    private mutating func measure(_ node: Int32, in dom: DOM) {
        let own = dom[node]
        var text = Text()
        if own.tag == .text {
            if own.length > 0 {
                text.characters = own.length
                text.hasText = true
                text.leadingSpace = own.leadingSpace
                text.trailingSpace = own.trailingSpace
                text.hasVisibleText = !own.blank
                text.commas = own.commas
            }
            texts[Int(node)] = text
            return
        }
        var child = own.firstChild
        while child != -1 {
            let below = texts[Int(child)]
            if below.hasText {
                if !text.hasText {
                    text.leadingSpace = below.leadingSpace
                } else if text.trailingSpace && below.leadingSpace {
                    text.characters -= 1
                }
                text.characters += below.characters
                text.trailingSpace = below.trailingSpace
                text.hasText = true
            }
            text.hasVisibleText = text.hasVisibleText || below.hasVisibleText
            text.commas += below.commas
            if dom.tag(child) == .a {
                let length = Int32(below.length)
                if dom[child].hints.contains(.inPageLink) { text.linkedInPage += length } else { text.linked += length }
            } else {
                text.linked += below.linked
                text.linkedInPage += below.linkedInPage
            }
            child = dom[child].next
        }
        texts[Int(node)] = text
        if !counts.isEmpty { counts[Int(node)] = countChildren(of: own, in: dom) }
    }

    private func countChildren(of own: Node, in dom: DOM) -> Counts {
        var counts = Counts()
        var child = own.firstChild
        while child != -1 {
            let below = self.counts[Int(child)]
            let length = Int32(texts[Int(child)].length)
            let tag = dom.tag(child)
            counts.paragraphs += below.paragraphs + (tag == .p ? 1 : 0)
            counts.images += below.images + (tag == .img ? 1 : 0)
            counts.items += below.items + (tag == .li ? 1 : 0)
            counts.inputs += below.inputs + (tag == .input ? 1 : 0)
            counts.embeds += below.embeds + (tag == .object || tag == .embed || tag == .iframe ? 1 : 0)
            counts.listCharacters += below.listCharacters + (tag == .ul || tag == .ol ? length : 0)
            counts.headingCharacters += tag.isHeading ? length : below.headingCharacters
            counts.textishCharacters += Cleaner.textish.contains(tag) ? length : below.textishCharacters
            counts.hasDataTable = counts.hasDataTable || below.hasDataTable || (tag == .table && dataTables.contains(child))
            counts.embeddedPosts += below.embeddedPosts + (dom[child].hints.contains(.embeddedPost) ? 1 : 0)
            child = dom[child].next
        }
        return counts
    }
}
