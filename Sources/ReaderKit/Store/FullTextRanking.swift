import Foundation

/// How `find` ranks the passages that match every word, from what the index keeps of each
/// (``PassageWords``, ``PassageTable``) — BM25 with column weights, as far as an index that
/// keeps no positions can tell it. For each word: BM25's weight of it in the body, counting it
/// once, or four times when the body has it three times or more (a long passage then counts
/// for less than a short one: a references section names a word often, and is long); plus 4
/// when the section's title has it, 8 when the document's title has it — the titles above the
/// body, as the column weights ranked them, and a short title above a long one, as BM25 scales
/// every column by its length; all times how rare the word is, between 0 and 1,
/// `ln(1 + n / (1 + m)) / ln(1 + n)` for m of the last n passages indexed that have it (BM25's
/// inverse document frequency, scaled): a title holding `of` says little, one holding
/// `revocation`, much.
enum FullTextRanking {
    static let titleWeight = 8.0
    static let headingWeight = 4.0
    /// How many more times than once a word marked frequent counts in the body.
    static let frequentExtra = 3.0
    /// BM25's constants.
    static let k1 = 1.2
    static let b = 0.75

    /// A matching passage: its row id, its document's id, its place among the document's
    /// passages, the block it starts at (and where, in the JSON), its body's length in words.
    struct Passage {
        var row: Int64
        var document: Int64
        var index: Int
        var firstBlock: Int
        var offset: Int?
        var length: Double
        /// How many words its heading and its document's title have.
        var headingLength: Int
        var titleLength: Int
    }

    /// How many of the passages indexed last a word's rarity is counted among: enough to tell
    /// `of` from `revocation`, few enough to count in a fraction of a millisecond.
    static let sampled = 4096
    /// Below this rarity a word is common (`the`, `of`): its heading, title and frequency are
    /// not looked at, since they would weigh next to nothing.
    static let rareEnough = 0.2

    /// What the index said of one word of the query: how rare it is, and (when it is not
    /// common) each list newest (highest id) first: the row ids of the passages ranked with it
    /// in their heading, or often in their body; the ids of documents with it in their title.
    struct WordSignals {
        var rarity: Double
        var headings: [Int64] = []
        var frequent: [Int64] = []
        var titles: [Int64] = []
    }

    /// `passages` (newest first) ranked best first, each by its offset in `passages`, with
    /// its score.
    static func rank(_ passages: [Passage], _ words: [WordSignals]) -> [(offset: Int, score: Double)] {
        guard !passages.isEmpty else { return [] }
        // Which passages have which signal: each list walked once beside the passages, newest first.
        var has = [[(heading: Bool, frequent: Bool, title: Bool)]](
            repeating: Array(repeating: (false, false, false), count: passages.count), count: words.count)
        for (index, word) in words.enumerated() {
            var cursors = (heading: 0, frequent: 0, title: 0)
            for offset in passages.indices {
                let passage = passages[offset]
                has[index][offset] = (
                    advance(word.headings, &cursors.heading, to: passage.row), advance(word.frequent, &cursors.frequent, to: passage.row),
                    advance(word.titles, &cursors.title, to: passage.document)
                )
            }
        }
        let count = Double(passages.count)
        let average = max(1, passages.reduce(0) { $0 + $1.length } / count)
        let averageHeading = max(1, Double(passages.reduce(0) { $0 + $1.headingLength }) / count)
        let averageTitle = max(1, Double(passages.reduce(0) { $0 + $1.titleLength }) / count)
        // Sorted as pairs of integers (a positive double's bits order as it does), which is
        // several times as fast as a comparison closure over thousands of passages.
        var ranked: [(score: UInt64, order: Int)] = []
        ranked.reserveCapacity(passages.count)
        for (offset, passage) in passages.enumerated() {
            let norm = k1 * (1 - b + b * passage.length / average)
            // A word of a short title, or heading, counts for more than one of a long one.
            let heading = headingWeight / (1 - b + b * Double(passage.headingLength) / averageHeading)
            let title = titleWeight / (1 - b + b * Double(passage.titleLength) / averageTitle)
            var score = 0.0
            for (index, word) in words.enumerated() {
                let signals = has[index][offset]
                // BM25 of the body with the times the word is there guessed: once, or (frequent)
                // a few times more — so a long passage that repeats it counts for less than a
                // short one.
                let times = signals.frequent ? 1 + frequentExtra : 1
                var weight = times * (k1 + 1) / (times + norm)
                if signals.heading { weight += heading }
                if signals.title { weight += title }
                score += word.rarity * weight
            }
            ranked.append((score.bitPattern, -offset))
        }
        // Equal scores: the passage indexed last (the first of `passages`) first.
        ranked.sort(by: >)
        return ranked.map { (-$0.order, Double(bitPattern: $0.score)) }
    }

    /// Moves `cursor` along `list` (descending) past the values above `value`; whether `value`
    /// is there.
    @inline(__always) private static func advance(_ list: [Int64], _ cursor: inout Int, to value: Int64) -> Bool {
        while cursor < list.count && list[cursor] > value { cursor += 1 }
        return cursor < list.count && list[cursor] == value
    }
}
