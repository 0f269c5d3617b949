import Foundation
import Testing

@testable import ReaderSupport

/// Work that waits (a commit waiting on a flush) runs on threads of its own, as many as are
/// waiting: a mirror's commits in flight wait together, so that one flush serves them all.
@Suite struct BlockingWorkTests {
    /// Sixteen pieces of work, each waiting until all sixteen have begun: they can end only if
    /// all run at once, on a machine of two cores. On Dispatch's global queue, whose threads on
    /// Linux stay few while they are blocked, they did not within the ten seconds each waits.
    @Test func piecesOfWorkThatWaitForEachOtherAllRun() async throws {
        let count = 16
        let meeting = Meeting(count: count)
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask { try await BlockingWork.run { meeting.arriveAndWait(upTo: 10) } }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(met == count)
    }

    /// Sixteen arrive; each waits for the rest, or gives up after a while (a test must end).
    final class Meeting: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private var arrived = 0

        init(count: Int) {
            self.count = count
        }

        func arriveAndWait(upTo seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: seconds)
            while arrived < count {
                if !condition.wait(until: deadline) { return arrived >= count }
            }
            return true
        }
    }
}
