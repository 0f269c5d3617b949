import ReaderTestSupport
import Testing

@testable import ReaderStore

/// The words a passage is about (``FrequentWords``) are chosen as they are met: the same as
/// sorting every frequent word by how often it is met, the first met first among equals, and
/// keeping the first sixteen. Synthetic counts (the edge is the order of ties), in many
/// passages of a seeded generator.
@Suite struct FrequentWordsTests {
    /// The reference: every word sorted, then cut.
    static func sorted(_ counts: [Int32]) -> [UInt16] {
        counts.enumerated().sorted { ($0.element, -$0.offset) > ($1.element, -$1.offset) }
            .prefix(PassageWords.frequentKept).map { UInt16($0.offset) }
    }

    @Test func theMostFrequentAreKeptTheFirstMetFirstAmongEquals() {
        let frequent = FrequentWords()
        var generator = SeededRandom(seed: 32)
        for passage in 0..<500 {
            let counts = (0..<(passage % 60)).map { _ in Int32(3 + generator.next() % 6) }
            frequent.removeAll()
            var asked = 0
            for (order, count) in counts.enumerated() {
                frequent.consider(count: count) {
                    asked += 1
                    return UInt16(order)
                }
            }
            #expect(frequent.hashes() == Self.sorted(counts), "passage \(passage): \(counts)")
            #expect(asked <= counts.count)
        }
    }
}
