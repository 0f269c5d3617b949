import Foundation
import Testing

@testable import ReaderSupport

/// The writes threads ask for at the same moment are done as one (``GroupCommit``): what the
/// index and the catalog of a mirror rely on to share a transaction and a flush.
@Suite(.timeLimit(.minutes(1))) struct GroupCommitTests {
    /// Sixteen threads, each committing twenty items: every item is written once, each write
    /// gets items in the order they came, and every caller hears back what the write that took
    /// its item returned.
    @Test func everyItemIsWrittenOnceAndEachCallerGetsItsWritesReply() async throws {
        let group = GroupCommit<Int, [Int]>()
        let written = Written()
        let callers = 16
        let rounds = 20
        let heard = try await withThrowingTaskGroup(of: [(Int, [Int])].self) { tasks in
            for caller in 0..<callers {
                tasks.addTask {
                    try await BlockingWork.run {
                        try (0..<rounds).map { round in
                            let item = caller * rounds + round
                            return (item, try group.commit(item) { batch in written.add(batch) })
                        }
                    }
                }
            }
            return try await tasks.reduce(into: []) { $0 += $1 }
        }
        let batches = written.batches
        #expect(batches.flatMap { $0 }.sorted() == Array(0..<(callers * rounds)))
        for (item, reply) in heard {
            #expect(reply.contains(item))
            #expect(batches.contains(reply))
        }
        // Each caller's own items come in its order, whichever writes took them.
        let order = batches.flatMap { $0 }
        for caller in 0..<callers {
            let own = order.filter { $0 / rounds == caller }
            #expect(own == own.sorted())
        }
    }

    /// A write that fails fails every caller whose item it held, and the next write goes on.
    @Test func aFailedWriteFailsItsCallersAndTheNextWriteRuns() throws {
        let group = GroupCommit<Int, Int>()
        #expect(throws: ReaderError.self) {
            try group.commit(1) { _ in throw ReaderError.storage("the disk is full") }
        }
        #expect(try group.commit(2) { $0.reduce(0, +) } == 2)
    }

    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [[Int]] = []
        func add(_ batch: [Int]) -> [Int] {
            lock.withLock { kept.append(batch) }
            // Long enough for others to queue behind it and be written together.
            usleep(200)
            return batch
        }
        var batches: [[Int]] { lock.withLock { kept } }
    }
}
