/// What news and blog pages put in and around the article that Readability's rules keep: the
/// credit line under a picture, "Published … Updated …" lines, and the sections titled
/// "Related", "Trending" or "About the author".
extension Cleaner {
    /// The tags a furniture title is written in.
    static let lineTags: ElementKindSet = [.h1, .h2, .h3, .h4, .h5, .h6, .p, .div, .span, .label, .strong, .b, .time]
    /// The tags of a dateline or a byline: not a heading, which titles a section ("June 2020",
    /// "By the numbers").
    static let metaLineTags: ElementKindSet = [.p, .div, .span, .label, .strong, .b, .time]

    /// Short elements named as a picture's credit or caption, without the picture itself. A
    /// `figcaption` stays whole: Readability keeps it, and so do the pages whose text it is
    /// measured on; a caption marked by class alone has no rule there.
    mutating func removeCaptionLines() {
        for node in elements(article, tags: Self.creditTags).reversed()
        where !dom[node].hints.isDisjoint(with: [.credit, .caption]) {
            if dom.hasAncestor(node, .figcaption, maxDepth: 3) { continue }
            let entry = stats[node]
            guard entry.counts.images == 0, entry.textLength < 400 else { continue }
            markPicturesCaptionless(near: node)
            removeFurniture(node)
        }
    }

    /// The pictures in the few levels around a caption being taken out.
    private mutating func markPicturesCaptionless(near caption: Int32) {
        var container = dom[caption].parent
        for _ in 0..<3 where container != -1 && container != article {
            if stats[container].counts.images > 0 {
                for image in dom.descendants(of: container, tags: [.img]) { dom[image].hints.insert(.captionRemoved) }
                return
            }
            container = dom[container].parent
        }
    }

    static let creditTags: ElementKindSet = [.p, .div, .span, .small, .em, .i, .cite]

    /// A line that only dates the page.
    mutating func removeDatelines() {
        removeLines(Self.metaLineTags, lengths: 6...Dateline.maximumLength, where: Dateline.matches)
    }

    /// Boxes named for a newsletter sign-up or for the writer, with the little text such a box
    /// has. Here rather than among the unlikely names: those are not stripped on a retry.
    mutating func removeSignupAndAuthorBoxes() {
        for node in elements(article, tags: Self.boxTags).reversed() where dom[node].hints.contains(.furnitureBox) {
            if dom.isInside(node, article), stats[node].textLength < 1000 { removeFurniture(node) }
        }
    }

    static let boxTags: ElementKindSet = [.div, .section, .aside, .form, .p, .span]

    /// A line that only names the writer ("By Reuters", "By Matthew Digby, Minh Do on Monday,
    /// November 18th, 2019 at 11:08 a.m."): the document carries the byline apart.
    mutating func removeBylineLines() {
        removeLines(Self.metaLineTags, lengths: 4...100, where: Byline.isLine)
    }

    /// A line that asks the reader to follow, subscribe or send a tip, or states a copyright.
    mutating func removeCallsToAction() {
        removeLines(Self.lineTags, lengths: 6...CallToAction.maximumLength, where: CallToAction.matches)
    }

    /// Removes each line of the article of one of `tags`, whose text length is in `lengths`
    /// and whose text `matches`: a short element of no blocks, read as one line.
    private mutating func removeLines(_ tags: ElementKindSet, lengths: ClosedRange<Int>, where matches: (String) -> Bool) {
        for node in elements(article, tags: tags) where dom.isInside(node, article) {
            guard lengths.contains(stats[node].textLength), isLine(node), !dom.hasBlockDescendant(node) else { continue }
            if matches(dom.normalizedText(node)) { removeFurniture(node) }
        }
    }

    /// Three or more paragraphs in a row that are each a link and nothing else are a list of
    /// other pages (teasers, "more stories") set as prose. Not the items of a list: a list of
    /// links is content on the Readability pages (Wikipedia's "See also").
    mutating func removeLinkRuns() {
        for parent in [article] + elements(article, tags: Self.runParents) where dom.isInside(parent, article) {
            var run: [Int32] = []
            for child in dom.elementChildren(parent) + [-1] {
                if child != -1, isLinkLine(child) {
                    run.append(child)
                    continue
                }
                if run.count >= 3 {
                    for line in run { removeFurniture(line) }
                }
                run = []
            }
        }
    }

    private static let runParents: ElementKindSet = [.div, .section, .main]

    private func isLinkLine(_ node: Int32) -> Bool {
        guard Self.linkLineTags.contains(dom.tag(node)) else { return false }
        let entry = stats[node]
        return entry.textLength > 0 && entry.textLength < 200 && entry.linkDensity >= 0.9
    }

    private static let linkLineTags: ElementKindSet = [.p, .div, .h2, .h3, .h4, .h5, .h6]

    /// A furniture title and what it titles: the element it leads when it comes first in one
    /// (climbing while it stays first, up to half the content), else the links that follow it.
    mutating func removeFurnitureSections() {
        let half = stats[article].textLength / 2
        for node in elements(article, tags: Self.lineTags) where dom.isInside(node, article) {
            let length = stats[node].textLength
            guard length > 2, length <= FurnitureLabel.maximumLinkedLength, isLine(node),
                !dom.hasBlockDescendant(node) || dom.tag(node).isHeading
            else { continue }
            let mostlyLinked = stats[node].linkDensity >= 0.5
            guard length <= FurnitureLabel.maximumLength * 2 || mostlyLinked,
                FurnitureLabel.matches(dom.normalizedText(node), mostlyLinked: mostlyLinked)
            else { continue }
            var section = node
            while dom[section].parent != article, dom[section].parent != -1, firstContent(of: dom[section].parent) == section,
                stats[dom[section].parent].textLength <= half
            {
                section = dom[section].parent
            }
            if section != node {
                removeFurniture(section)
                continue
            }
            var next = nextElementSibling(node)
            removeFurniture(node)
            while next != -1, dom.tag(next) == .ul || dom.tag(next) == .ol || stats[next].linkDensity > 0.5 {
                let after = nextElementSibling(next)
                removeFurniture(next)
                next = after
            }
        }
    }

    /// Takes out furniture, counting its text: the retry threshold is Readability's, and what
    /// these passes take out does not make a page too short.
    private mutating func removeFurniture(_ node: Int32) {
        furnitureLength += stats[node].textLength
        remove(node)
    }

    /// A block, or an inline element that is all the text of its parent: not a few words
    /// inside a sentence ("(February 2018)" in a paragraph is the paragraph's).
    private func isLine(_ node: Int32) -> Bool {
        if Self.blockLineTags.contains(dom.tag(node)) { return true }
        let parent = dom[node].parent
        return parent != -1 && stats[parent].textLength == stats[node].textLength
    }

    private static let blockLineTags: ElementKindSet = [.h1, .h2, .h3, .h4, .h5, .h6, .p, .div]

    private func nextElementSibling(_ node: Int32) -> Int32 {
        var sibling = dom[node].next
        while sibling != -1, dom.tag(sibling) == .text { sibling = dom[sibling].next }
        return sibling
    }

    /// The first child that is an element or visible text.
    private func firstContent(of parent: Int32) -> Int32 {
        var child = dom[parent].firstChild
        while child != -1, dom.tag(child) == .text, dom[child].blank { child = dom[child].next }
        return child
    }
}
