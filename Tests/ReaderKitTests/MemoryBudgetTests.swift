import Testing

@testable import ReaderWorkers

/// Documents in flight: two per parser whatever their size, and one per job while the shares
/// held are small (a mirror of RFCs), never past the whole budget.
@Suite struct MemoryBudgetTests {
    // A process of two parsers and eight jobs, as `Reader` makes it (the 2 MiB of `Reader`).
    let budget = MemoryBudget(total: 512 << 20, holders: 4, lightHolders: 8, lightBytes: 2 << 20)

    @Test func smallDocumentsFillEveryJob() {
        // The sample RFCs' mean, 51 KB: a share of 153 KB each.
        let share = MemoryBudget.cost(ofParsing: 51_000)
        #expect((0..<8).allSatisfy { held in budget.admits(share, used: held * share, holding: held) })
        #expect(!budget.admits(share, used: 8 * share, holding: 8))
    }

    @Test func largeDocumentsStayAtTwoAParser() {
        // The benchmark's large copies, 266 KB: four in flight hold 3.2 MB.
        let share = MemoryBudget.cost(ofParsing: 266_000)
        #expect((0..<4).allSatisfy { held in budget.admits(share, used: held * share, holding: held) })
        #expect(!budget.admits(share, used: 4 * share, holding: 4))
    }

    @Test func theWholeBudgetBoundsEveryShare() {
        let whole = MemoryBudget(total: 1 << 20, holders: 4, lightHolders: 8, lightBytes: 2 << 20)
        #expect(whole.admits(1 << 20, used: 0, holding: 0))
        #expect(!whole.admits(1, used: 1 << 20, holding: 1))
        #expect(!whole.admits((1 << 20) + 1, used: 0, holding: 0))
    }
}
