/// Which section of A is which section of B: by the surest sign first, so that a weaker one
/// never takes a section a stronger one would have paired.
enum SectionMatching {
    struct Pair {
        var a: Int
        var b: Int
    }

    /// Past this many candidate pairs, sections left unpaired by number and title are not
    /// compared by their words (two documents of a thousand sections each, wholly rewritten).
    static let similarityBudget = 250_000

    static func pairs(_ a: [DiffSection], _ b: [DiffSection]) -> [Pair] {
        var pairs: [Pair] = []
        var freeA = Array(repeating: true, count: a.count)
        var freeB = Array(repeating: true, count: b.count)
        let wordsA = a.map { Set($0.words) }
        let wordsB = b.map { Set($0.words) }

        // Pairs the free sections of A and B that share `key`, in their order on each side.
        func match(accepting accept: (Int, Int) -> Bool = { _, _ in true }, _ key: (DiffSection) -> String?) {
            var waiting: [String: [Int]] = [:]
            for index in a.indices where freeA[index] {
                if let key = key(a[index]) { waiting[key, default: []].append(index) }
            }
            for index in b.indices where freeB[index] {
                guard let key = key(b[index]), let candidates = waiting[key],
                    let found = candidates.firstIndex(where: { freeA[$0] && accept($0, index) })
                else { continue }
                let partner = candidates[found]
                pairs.append(Pair(a: partner, b: index))
                freeA[partner] = false
                freeB[index] = false
            }
        }
        func similarity(_ left: Int, _ right: Int) -> Double {
            let union = wordsA[left].union(wordsB[right]).count
            return union == 0 ? 1 : Double(wordsA[left].intersection(wordsB[right]).count) / Double(union)
        }

        // The same number and title; then the same title (renumbered, or moved); then the same
        // number with a new title, when the words say it is the same section.
        match { "\($0.side.number ?? "")\u{0}\($0.folded)" }
        match { $0.folded.isEmpty ? nil : $0.folded }
        match(accepting: { similarity($0, $1) >= 0.3 }) { $0.side.number }
        // Last, what is left by its words: a section both retitled and renumbered.
        let leftA = a.indices.filter { freeA[$0] }
        let leftB = b.indices.filter { freeB[$0] }
        guard !leftA.isEmpty, !leftB.isEmpty, leftA.count * leftB.count <= similarityBudget else { return pairs }
        var candidates: [(score: Double, a: Int, b: Int)] = []
        for left in leftA {
            for right in leftB {
                let score = similarity(left, right)
                if score >= 0.5 { candidates.append((score, left, right)) }
            }
        }
        for candidate in candidates.sorted(by: { ($0.score, $1.a, $1.b) > ($1.score, $0.a, $0.b) })
        where freeA[candidate.a] && freeB[candidate.b] {
            pairs.append(Pair(a: candidate.a, b: candidate.b))
            freeA[candidate.a] = false
            freeB[candidate.b] = false
        }
        return pairs
    }

    /// The pairs (by their index in `pairs`) that keep their order on both sides — the
    /// longest such run; every other pair was moved.
    static func keptInOrder(_ pairs: [Pair]) -> Set<Int> {
        let byA = pairs.indices.sorted { pairs[$0].a < pairs[$1].a }
        // Patience sorting over B's positions: tails[k] ends the best run of length k + 1.
        var tails: [Int] = []
        var previous = Array(repeating: -1, count: byA.count)
        for (position, pair) in byA.enumerated() {
            let b = pairs[pair].b
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[byA[tails[middle]]].b < b { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var kept = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            kept.insert(byA[position])
            position = previous[position]
        }
        return kept
    }
}
