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
/// `revocation`, much. A prefix (`word*`) names no one word: only its body counts. Apart from
/// the rarity, one query to the index for every word, all of it is read from the passage
/// tables a search reads anyway.
enum FullTextRanking {
    static let titleWeight = 8.0
    static let headingWeight = 4.0
    /// How many more times than once a frequent word (``PassageWords``) counts in the body.
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
        /// Which words of the query (bit i: the i-th) its heading has, its body has often, its
        /// document's title has.
        var heading: UInt64 = 0
        var frequent: UInt64 = 0
        var title: UInt64 = 0
    }

    /// How many of the passages indexed last a word's rarity is counted among: enough to tell
    /// `of` from `revocation`, few enough to count in a fraction of a millisecond.
    static let sampled = 4096
    /// Below this rarity a word is common (`the`, `of`): its heading, title and frequency are
    /// not asked about, since they would weigh next to nothing.
    static let rareEnough = 0.2

    /// `passages` (newest first) ranked best first, each by its offset in `passages`, with
    /// its score; `rarities` are the query's words'.
    static func rank(_ passages: [Passage], _ rarities: [Double]) -> [(offset: Int, score: Double)] {
        guard !passages.isEmpty else { return [] }
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
            for (index, rarity) in rarities.enumerated() {
                let bit: UInt64 = index < 64 ? 1 << UInt64(index) : 0
                // BM25 of the body with the times the word is there guessed: once, or (frequent)
                // a few times more — so a long passage that repeats it counts for less than a
                // short one.
                let times = passage.frequent & bit != 0 ? 1 + frequentExtra : 1
                var weight = times * (k1 + 1) / (times + norm)
                if passage.heading & bit != 0 { weight += heading }
                if passage.title & bit != 0 { weight += title }
                score += rarity * weight
            }
            ranked.append((score.bitPattern, -offset))
        }
        // Equal scores: the passage indexed last (the first of `passages`) first.
        ranked.sort(by: >)
        return ranked.map { (-$0.order, Double(bitPattern: $0.score)) }
    }
}
