/// The choice of the content: the candidate that scores best, then the siblings that belong with
/// it (Readability's top candidate and its sibling pass).
extension ContentExtractor {
    /// Scores every paragraph-like element into its ancestors and returns the best ancestor.
    func bestCandidate(
        _ dom: inout DOM, scoring toScore: [Int32], stats: SubtreeStats, flags: ExtractionFlags
    )
        -> (node: Int32, scores: CandidateScores)
    {
        var scores = CandidateScores(nodeCount: dom.nodes.count)
        var candidates: [Int32] = []
        for element in toScore {
            guard dom[element].parent != -1 else { continue }
            let length = stats[element].textLength
            guard length >= 25 else { continue }
            let points = 2.0 + Double(stats[element].commas) + Double(min(length / 100, 3))
            var ancestor = dom[element].parent
            var level = 0
            while ancestor != -1, level < 5 {
                // The root has no parent, and Readability never scores it.
                guard dom[ancestor].parent != -1 else { break }
                if scores[ancestor] == nil {
                    scores[ancestor] = dom.initialScore(ancestor, flags: flags)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level) * 3
                scores[ancestor] = (scores[ancestor] ?? 0) + points / divider
                ancestor = dom[ancestor].parent
                level += 1
            }
        }
        for candidate in candidates {
            scores[candidate] = (scores[candidate] ?? 0) * (1 - stats[candidate].linkDensity)
        }
        // Stable: among equal scores the earlier candidate stays first.
        let ranked = candidates.enumerated().sorted { left, right in
            let (l, r) = (scores[left.element] ?? 0, scores[right.element] ?? 0)
            return l != r ? l > r : left.offset < right.offset
        }.prefix(5).map(\.element)

        guard var top = ranked.first.map({ preferInsideBody(dom, top: $0, ranked: ranked, scores: scores) }), dom.tag(top) != .body
        else {
            return (wrapBody(&dom, scores: &scores, flags: flags), scores)
        }
        top = preferCommonAncestor(dom, top: top, ranked: ranked, scores: scores)
        if scores[top] == nil { scores[top] = dom.initialScore(top, flags: flags) }
        top = climbWhileScoreRises(dom, top: top, scores: scores)
        // An only child says little: its parent helps the sibling pass find related content.
        var parent = dom[top].parent
        while parent != -1, dom.tag(parent) != .body, dom[parent].parent != -1, dom.elementChildCount(parent) == 1 {
            top = parent
            parent = dom[top].parent
        }
        if scores[top] == nil { scores[top] = dom.initialScore(top, flags: flags) }
        return (top, scores)
    }

    /// No candidate stands out: everything in the body becomes the candidate.
    private func wrapBody(_ dom: inout DOM, scores: inout CandidateScores, flags: ExtractionFlags) -> Int32 {
        let container = dom.makeElement(.div)
        let body = dom.body
        while dom[body].firstChild != -1 {
            dom.append(dom[body].firstChild, to: container)
        }
        dom.append(container, to: body)
        scores[container] = dom.initialScore(container, flags: flags)
        return container
    }

    /// The body scores from every paragraph within five levels of it: teasers around the
    /// article add up there. A candidate inside it with half its score holds the content.
    private func preferInsideBody(_ dom: DOM, top: Int32, ranked: [Int32], scores: CandidateScores) -> Int32 {
        guard dom.tag(top) == .body else { return top }
        let bodyScore = scores[top] ?? 0
        return ranked.dropFirst().first { (scores[$0] ?? 0) >= bodyScore / 2 } ?? top
    }

    /// When three of the runners-up score close to the top and share an ancestor with it,
    /// the content is split into parts: take that ancestor.
    private func preferCommonAncestor(_ dom: DOM, top: Int32, ranked: [Int32], scores: CandidateScores) -> Int32 {
        let topScore = scores[top] ?? 0
        guard topScore > 0 else { return top }
        var ancestorLists: [Set<Int32>] = []
        for other in ranked.dropFirst() where (scores[other] ?? 0) / topScore >= 0.75 {
            var ancestors = Set<Int32>()
            var current = dom[other].parent
            while current != -1 {
                ancestors.insert(current)
                current = dom[current].parent
            }
            ancestorLists.append(ancestors)
        }
        guard ancestorLists.count >= 3 else { return top }
        var parent = dom[top].parent
        while parent != -1, dom.tag(parent) != .body {
            if ancestorLists.filter({ $0.contains(parent) }).count >= 3 { return parent }
            parent = dom[parent].parent
        }
        return top
    }

    /// Parents of the top candidate got part of its score; one that got more has more content.
    private func climbWhileScoreRises(_ dom: DOM, top: Int32, scores: CandidateScores) -> Int32 {
        var lastScore = scores[top] ?? 0
        let threshold = lastScore / 3
        var parent = dom[top].parent
        while parent != -1, dom.tag(parent) != .body {
            guard let parentScore = scores[parent] else {
                parent = dom[parent].parent
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore { return parent }
            lastScore = parentScore
            parent = dom[parent].parent
        }
        return top
    }

    /// Moves the top candidate and the siblings that look like part of the same content into
    /// a new container, and returns it, with the parts that Readability would turn into `div`s
    /// (anything but a `div`, `article`, `section` or `p`): the cleaner treats them as such.
    func gatherSiblings(
        _ dom: inout DOM, around top: Int32, scores: CandidateScores, stats: SubtreeStats
    )
        -> (article: Int32, treatedAsDiv: Set<Int32>)
    {
        var treatedAsDiv = Set<Int32>()
        let article = dom.makeElement(.div)
        let topScore = scores[top] ?? 0
        let threshold = max(10, topScore * 0.2)
        let parent = dom[top].parent
        let siblings = parent == -1 ? [top] : dom.elementChildren(parent)
        let topClass = dom.className(top)
        for sibling in siblings {
            var take = sibling == top
            // Several articles side by side are teasers of other pages, however well they score.
            if !take, dom.count([.article], in: sibling) >= 2 { continue }
            if !take {
                var bonus = 0.0
                if !topClass.isEmpty, dom.className(sibling) == topClass { bonus += topScore * 0.2 }
                if let score = scores[sibling], score + bonus >= threshold {
                    take = true
                } else if dom.tag(sibling) == .p {
                    let density = stats[sibling].linkDensity
                    let text = dom.normalizedText(sibling)
                    let length = text.count
                    if length > 80, density < 0.25 {
                        take = true
                    } else if length < 80, length > 0, density == 0, text.hasSentenceEnd {
                        take = true
                    }
                }
            }
            if take {
                dom.append(sibling, to: article)
                switch dom.tag(sibling) {
                case .div, .article, .section, .p: break
                default: treatedAsDiv.insert(sibling)
                }
            }
        }
        return (article, treatedAsDiv)
    }
}

extension String {
    /// Contains a period followed by a space or the end (Readability's `/\.( |$)/`).
    var hasSentenceEnd: Bool {
        let bytes = Array(utf8)
        for (offset, byte) in bytes.enumerated() where byte == 0x2E {
            if offset + 1 == bytes.count || bytes[offset + 1] == 0x20 { return true }
        }
        return false
    }
}
