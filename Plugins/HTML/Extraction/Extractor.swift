/// The main content of a page, found as Mozilla Readability finds it: score the blocks that
/// hold prose, credit their ancestors, take the best ancestor and its related siblings, then
/// clean out what does not read as prose. Retries with fewer heuristics when too little is left.
struct Extraction {
    var dom: DOM
    /// A detached element holding the content.
    var article: Int32
    var textLength: Int
    var byline: String?
    var dataTables: Set<Int32>
}

struct ContentExtractor {
    /// The page title, to drop a heading that repeats it.
    var title: String
    /// Below this many characters an attempt is retried with fewer heuristics.
    var minimumLength = 500

    /// Takes the page (no copy of it is made for the first attempt's changes but the one kept
    /// for the retries).
    func extract(_ page: consuming DOM) -> Extraction {
        var pristine = page
        pristine.paragraphsFromLineBreaks()
        var best: Extraction?
        for flags in ExtractionFlags.attempts {
            let attempt = grab(pristine, flags: flags)
            if attempt.textLength >= minimumLength { return attempt }
            if best == nil || attempt.textLength > (best?.textLength ?? 0) { best = attempt }
        }
        return best ?? Extraction(dom: pristine, article: -1, textLength: 0, byline: nil, dataTables: [])
    }

    private func grab(_ page: DOM, flags: ExtractionFlags) -> Extraction {
        var dom = page
        var byline: String?
        let toScore = prepare(&dom, flags: flags, byline: &byline)
        let stats = SubtreeStats(dom, below: dom.root)
        let top = bestCandidate(&dom, scoring: toScore, stats: stats, flags: flags)
        let (article, treatedAsDiv) = gatherSiblings(&dom, around: top.node, scores: top.scores, stats: stats)
        // The cleaner takes the tree over: it must not be copied again for its changes.
        var cleaner = Cleaner(dom: consume dom, flags: flags, treatedAsDiv: treatedAsDiv)
        cleaner.clean(article)
        // Readability's length decides a retry: furniture it keeps counts.
        let length = cleaner.articleStats.textLength + cleaner.furnitureLength
        return Extraction(dom: cleaner.dom, article: article, textLength: length, byline: byline, dataTables: cleaner.dataTables)
    }

    /// Removes hidden and unlikely elements, turns text-only `div`s into paragraphs, and
    /// returns the elements to score.
    private func prepare(_ dom: inout DOM, flags: ExtractionFlags, byline: inout String?) -> [Int32] {
        var toScore: [Int32] = []
        var removeTitleHeading = !title.isEmpty
        var node = dom.body
        func remove(_ index: Int32) -> Int32 {
            let next = dom.nextElement(index, skippingChildren: true)
            dom.detach(index)
            return next
        }
        while node != -1 {
            let tag = dom.tag(node)
            if tag != .body, tag != .html {
                if !dom.isProbablyVisible(node) {
                    node = remove(node)
                    continue
                }
                let hints = dom[node].hints
                if hints.contains(.modalDialog) {
                    node = remove(node)
                    continue
                }
                if byline == nil, dom.looksLikeByline(node) {
                    let text = Byline.joining(dom.textLines(node, limit: 400))
                    if !text.isEmpty, text.count < 100 {
                        byline = text
                        node = remove(node)
                        continue
                    }
                }
                if removeTitleHeading, tag == .h1 || tag == .h2,
                    TitleRules.similarity(title, dom.normalizedText(node)) > 0.75
                {
                    removeTitleHeading = false
                    node = remove(node)
                    continue
                }
                if flags.stripUnlikely {
                    if tag != .a, hints.contains(.unlikely), !hints.contains(.maybeCandidate),
                        !dom.hasAncestor(node, .table, maxDepth: 3), !dom.hasAncestor(node, .code, maxDepth: 3),
                        !dom.holdsEmbeddedPost(node)
                    {
                        node = remove(node)
                        continue
                    }
                    if hints.contains(.unlikelyRole) {
                        node = remove(node)
                        continue
                    }
                }
                if dom.isAdvertisementLabel(node) {
                    node = remove(node)
                    continue
                }
                if tag == .div || tag == .section || tag == .header || tag.isHeading, dom.isWithoutContent(node) {
                    node = remove(node)
                    continue
                }
            }
            switch tag {
            case .section, .h2, .h3, .h4, .h5, .h6, .p, .td, .pre: toScore.append(node)
            default: break
            }
            if tag == .div {
                wrapPhrasingRuns(&dom, in: node)
                if dom.hasSingleChild(node, .p), dom.linkDensity(node) < 0.25 {
                    let paragraph = dom.elementChildren(node)[0]
                    // What the div was named for stays known to the cleaner (its class does
                    // not score the paragraph, as in Readability).
                    dom[paragraph].hints.formUnion(dom[node].hints.intersection([.caption, .credit]))
                    dom.replace(node, with: paragraph)
                    node = paragraph
                    toScore.append(node)
                } else if !dom.hasBlockDescendant(node) {
                    dom[node].tag = .p
                    toScore.append(node)
                }
            }
            node = dom.nextElement(node)
        }
        return toScore
    }

    /// Puts each run of inline content in a `div` into a paragraph of its own.
    private func wrapPhrasingRuns(_ dom: inout DOM, in div: Int32) {
        var paragraph: Int32 = -1
        var child = dom[div].firstChild
        while child != -1 {
            let next = dom[child].next
            if dom.isPhrasingContent(child) {
                if paragraph != -1 {
                    dom.append(child, to: paragraph)
                } else if !dom.isWhitespace(child) {
                    paragraph = dom.makeElement(.p)
                    dom.insert(paragraph, before: child)
                    dom.append(child, to: paragraph)
                }
            } else if paragraph != -1 {
                trimTrailingWhitespace(&dom, paragraph)
                paragraph = -1
            }
            child = next
        }
        if paragraph != -1 { trimTrailingWhitespace(&dom, paragraph) }
    }

    private func trimTrailingWhitespace(_ dom: inout DOM, _ paragraph: Int32) {
        while dom[paragraph].lastChild != -1, dom.isWhitespace(dom[paragraph].lastChild) {
            dom.detach(dom[paragraph].lastChild)
        }
    }
}
