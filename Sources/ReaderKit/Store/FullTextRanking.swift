import Foundation

/// How `find` ranks the passages that match every word, from what the index keeps of each
/// (``PassageWords``, ``PassageTable``): BM25's weight of a word found in a passage, scaled by
/// the passage's length against the others', plus for each word whether it is in the
/// passage's heading, in the document's title, or three times or more in the body.
///
/// Each of those three counts for more the rarer it is among the matching passages (a heading
/// holding `the` says little; one holding `congestion`, much): a word's weight for it is
/// `ln(1 + n / (1 + m)) / ln(1 + n)` of n passages of which m have it, between 0 and 1, times
/// 8 for the title, 4 for a heading, 2 for a frequent word — the title and the section's
/// title above the body, as BM25 with column weights ranked them when the index kept every
/// word's positions.
enum FullTextRanking {
    static let titleWeight = 8.0
    static let headingWeight = 4.0
    static let frequentWeight = 2.0
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
    }

    /// What the index said of one word of the query, each list newest (highest id) first: the
    /// row ids of passages with it in their heading, or often in their body; the ids of
    /// documents with it in their title. They may name passages and documents that do not match.
    struct WordSignals {
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
        var counts = [(heading: Int, frequent: Int, title: Int)](repeating: (0, 0, 0), count: words.count)
        for (index, word) in words.enumerated() {
            var cursors = (heading: 0, frequent: 0, title: 0)
            var titledDocuments = Set<Int>()
            for offset in passages.indices {
                let passage = passages[offset]
                let heading = advance(word.headings, &cursors.heading, to: passage.row)
                let frequent = advance(word.frequent, &cursors.frequent, to: passage.row)
                let title = advance(word.titles, &cursors.title, to: passage.document)
                has[index][offset] = (heading, frequent, title)
                if heading { counts[index].heading += 1 }
                if frequent { counts[index].frequent += 1 }
                if title { titledDocuments.insert(Int(passage.document)) }
            }
            counts[index].title = titledDocuments.count
        }
        let documents = Set(passages.map { Int($0.document) }).count
        let rarity = { (count: Int, total: Int) -> Double in log(1 + Double(total) / Double(1 + count)) / log(1 + Double(total)) }
        let weights = counts.map { count in
            (
                heading: headingWeight * rarity(count.heading, passages.count),
                frequent: frequentWeight * rarity(count.frequent, passages.count),
                title: titleWeight * rarity(count.title, documents)
            )
        }
        let average = max(1, passages.reduce(0) { $0 + $1.length } / Double(passages.count))
        // Sorted as pairs of integers (a positive double's bits order as it does), which is
        // several times as fast as a comparison closure over thousands of passages.
        var ranked: [(score: UInt64, order: Int)] = []
        ranked.reserveCapacity(passages.count)
        for (offset, passage) in passages.enumerated() {
            let found = (k1 + 1) / (1 + k1 * (1 - b + b * passage.length / average))
            var score = 0.0
            for (index, weight) in weights.enumerated() {
                let signals = has[index][offset]
                score += found
                if signals.heading { score += weight.heading }
                if signals.frequent { score += weight.frequent }
                if signals.title { score += weight.title }
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
