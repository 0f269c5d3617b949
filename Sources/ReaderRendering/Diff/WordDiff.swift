/// Two runs of words compared: how many were added and removed, and the changes with a few
/// words of context around each, as `git diff --word-diff` shows them.
public struct WordDiff: Sendable {
    public struct Run: Sendable, Hashable {
        public enum Kind: String, Sendable {
            case same, removed, added
            /// Unchanged words left out between two changes.
            case elided
        }

        public var kind: Kind
        public var text: String
    }

    public var added = 0
    public var removed = 0
    public var runs: [Run] = []

    /// Words of context kept on each side of a change.
    static let context = 6
    /// Past this many words between the common start and end, the words are counted, not
    /// diffed (the diff's cost grows with the product of the changes and the length).
    static let longest = 20_000

    init(_ a: [Substring], _ b: [Substring]) {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        let middleA = a[start..<(a.count - end)]
        let middleB = b[start..<(b.count - end)]
        guard !middleA.isEmpty || !middleB.isEmpty else { return }
        guard middleA.count + middleB.count <= Self.longest else {
            var counts: [Substring: Int] = [:]
            for word in middleA { counts[word, default: 0] += 1 }
            for word in middleB { counts[word, default: 0] -= 1 }
            removed = counts.values.reduce(0) { $0 + max($1, 0) }
            added = counts.values.reduce(0) { $0 - min($1, 0) }
            return
        }
        let difference = Array(middleB).difference(from: Array(middleA))
        var gone = Set<Int>()
        var new = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): gone.insert(offset)
            case .insert(let offset, _, _): new.insert(offset)
            }
        }
        removed = gone.count
        added = new.count
        // The edit script over both sides, then cut to the changes and their context.
        var script: [(Run.Kind, Substring)] = a[..<start].map { (.same, $0) }
        var left = 0
        var right = 0
        let leftWords = Array(middleA)
        let rightWords = Array(middleB)
        while left < leftWords.count || right < rightWords.count {
            if left < leftWords.count, gone.contains(left) {
                script.append((.removed, leftWords[left]))
                left += 1
            } else if right < rightWords.count, new.contains(right) {
                script.append((.added, rightWords[right]))
                right += 1
            } else {
                script.append((.same, leftWords[left]))
                left += 1
                right += 1
            }
        }
        script += a[(a.count - end)...].map { (.same, $0) }
        runs = Self.runs(script)
    }

    /// Consecutive words of one kind joined; unchanged stretches longer than twice the context
    /// elided.
    static func runs(_ script: [(Run.Kind, Substring)]) -> [Run] {
        let changed = script.indices.filter { script[$0].0 != .same }
        guard !changed.isEmpty else { return [] }
        var near = Array(repeating: false, count: script.count)
        for index in changed {
            for shown in max(0, index - context)...min(script.count - 1, index + context) { near[shown] = true }
        }
        var runs: [Run] = []
        for (index, (kind, word)) in script.enumerated() {
            guard near[index] else {
                if runs.last?.kind != .elided { runs.append(Run(kind: .elided, text: "…")) }
                continue
            }
            if runs.last?.kind == kind {
                runs[runs.count - 1].text += " " + word
            } else {
                runs.append(Run(kind: kind, text: String(word)))
            }
        }
        return runs
    }
}
