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
        var generator = SeededGenerator(seed: 32)
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

    /// SplitMix64: the same counts every run.
    struct SeededGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
