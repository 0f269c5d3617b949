import ReaderPluginAPI

/// `reader diff A B`: two documents compared section by section, then word by word — what a
/// reader of two versions of a draft, or of an RFC and the one that obsoletes it, wants to
/// know first (which sections came, went, moved or changed, and how much), before the words.
///
/// Works on the model alone (headings and the text under them), so it is the same for every
/// source: an RFC, a draft, a web page, a third-party module's document.
public struct DocumentDiff: Sendable {
    public enum Change: String, Sendable, Codable {
        case added, removed, changed, moved, same
    }

    /// One section on one side: its number (`3.2`, nil where the source has none) and title
    /// (empty for the text before the first heading).
    public struct Side: Sendable, Hashable {
        public var number: String?
        public var title: String
    }

    /// A section of A, of B, or of both, with what became of it.
    public struct Part: Sendable {
        public var change: Change
        public var a: Side?
        public var b: Side?
        /// Words added and removed (a changed or moved section; 0 for the others).
        public var added: Int
        public var removed: Int
        /// The runs of the word diff, with a little context around each change; empty when the
        /// section is too long to diff word by word (the counts are then of words, unordered).
        public var runs: [WordDiff.Run]
    }

    public var a: String
    public var b: String
    /// B's sections in order, each removed section of A where it stood among them.
    public var parts: [Part]

    /// How many parts had each change.
    public func count(_ change: Change) -> Int { parts.count { $0.change == change } }

    /// The line of counts the text view and the page start with: `453 sections: 65 changed,
    /// 51 moved, 192 added, 144 removed, 1 same; 60396 words added, 47191 removed`.
    public var summary: String {
        let counts = [Change.changed, .moved, .added, .removed, .same].compactMap { change -> String? in
            let count = count(change)
            return count == 0 ? nil : "\(count) \(change.rawValue)"
        }
        let added = parts.reduce(0) { $0 + $1.added }
        let removed = parts.reduce(0) { $0 + $1.removed }
        return "\(parts.count) sections: \(counts.joined(separator: ", ")); \(added) words added, \(removed) removed"
    }

    public init(a: Document, b: Document) {
        self.a = a.key
        self.b = b.key
        parts = Self.compare(DiffSection.sections(of: a), DiffSection.sections(of: b))
    }

    static func compare(_ a: [DiffSection], _ b: [DiffSection]) -> [Part] {
        let pairs = SectionMatching.pairs(a, b)
        let inOrder = SectionMatching.keptInOrder(pairs)
        var partOfB: [Int: Part] = [:]
        for (index, pair) in pairs.enumerated() {
            let (left, right) = (a[pair.a], b[pair.b])
            let diff = WordDiff(left.words, right.words)
            let moved = !inOrder.contains(index)
            // Renumbered alone (a section inserted before it) is the same section: the two
            // numbers say so. A new title is a change of words, as the title's words are compared.
            let change: Change = moved ? .moved : diff.added + diff.removed == 0 ? .same : .changed
            partOfB[pair.b] = Part(
                change: change, a: left.side, b: right.side, added: diff.added, removed: diff.removed, runs: diff.runs)
        }
        // A's unmatched sections go before the first B section whose A partner (kept in order)
        // comes after them: where they stood.
        let matchedA = Set(pairs.map(\.a))
        let anchorOfB = Dictionary(uniqueKeysWithValues: inOrder.map { (pairs[$0].b, pairs[$0].a) })
        var nextA = 0
        var parts: [Part] = []
        func flushRemoved(before limit: Int) {
            while nextA < min(limit, a.count) {
                if !matchedA.contains(nextA) {
                    parts.append(
                        Part(change: .removed, a: a[nextA].side, b: nil, added: 0, removed: a[nextA].words.count, runs: []))
                }
                nextA += 1
            }
        }
        for index in b.indices {
            if let anchor = anchorOfB[index] {
                flushRemoved(before: anchor)
                nextA = max(nextA, anchor + 1)
            }
            parts.append(
                partOfB[index] ?? Part(change: .added, a: nil, b: b[index].side, added: b[index].words.count, removed: 0, runs: []))
        }
        flushRemoved(before: a.count)
        return parts
    }
}

/// A section as `diff` sees it: its title's words, then the words of the blocks under it, up
/// to the next heading of any level (a subsection is a section of its own).
struct DiffSection {
    var side: DocumentDiff.Side
    var words: [Substring]

    /// The title folded for matching: case and runs of spaces ignored.
    var folded: String { side.title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    static func sections(of document: Document) -> [DiffSection] {
        var sections: [DiffSection] = []
        var current = DiffSection(side: .init(number: nil, title: ""), words: [])
        var started = false
        for block in document.blocks {
            if case .heading(_, let number, let title) = block {
                if started || !current.words.isEmpty { sections.append(current) }
                current = DiffSection(side: .init(number: number, title: title), words: title.split(whereSeparator: \.isWhitespace))
                started = true
            } else if let text = block.plainText {
                current.words += text.split(whereSeparator: \.isWhitespace)
            }
        }
        if started || !current.words.isEmpty { sections.append(current) }
        // An index-like document (no body): its entries, as one section.
        if sections.isEmpty, !document.entries.isEmpty {
            sections = [DiffSection(side: .init(number: nil, title: ""), words: document.plainText.split(whereSeparator: \.isWhitespace))]
        }
        return sections
    }
}
