import Foundation
import ReaderSupport

/// The last steps of a bulk fetch's commits, a batch at a time, on a thread of their own: the
/// commits staged within ``window`` of the first (or ``largest`` of them) have their blobs
/// named and their entries recorded together (``Store/finish(_:)``) — one flush of their
/// bytes, the renames, one flush of the names, one journal write and its flush.
///
/// Why: a commit that finished itself waited on those three flushes, and so did its job's
/// place among `--jobs`; the commits ending at the same moment shared them
/// (``Store/placeAndRecord(_:)``), but few ended at the same moment, so a mirror of the 1,067
/// sample RFCs flushed about 1,900 times, a sixth of its time on this machine's disk, and
/// every flush also wrote out the pages the index's WAL had written since the one before. A
/// job now hands its staged commit here and gives up its place; it still reports its document
/// stored only once the batch is written, so what a fetch says it stored is on the disk.
///
/// The order of every commit is the one it had: no name before its bytes are durable, no
/// entry before its names. A process killed while a batch waits leaves what a kill between
/// the index and the catalog always left: temporary files `gc` removes, and index rows of a
/// version no entry names, which `find` skips.
package final class CommitBatches: @unchecked Sendable {
    /// How long the first commit of a batch waits for others.
    static let window: Duration = .milliseconds(25)
    /// The most commits a batch takes: each holds its blobs' folders open until then, two
    /// descriptors, so a process allowed few (`ulimit -n 128`) takes fewer.
    static let largest: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 8 }
        let allowed = Int(clamping: limit.rlim_cur)
        return min(32, max(2, (allowed - 64) / 4))
    }()

    private let store: Store
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [(commit: PendingCommit, done: CheckedContinuation<Void, any Error>)] = []
    private var firstArrived: ContinuousClock.Instant?
    /// No more commits will come but those of jobs under way: batches are written at once.
    private var hurried = false
    private var closed = false
    private var started = false
    /// `writers.lock`, shared, held while any commit waits: each commit's own hold is let go
    /// once this one covers it.
    private var lock: FileLock?

    package init(store: Store) {
        self.store = store
    }

    /// Returns once `commit` is finished, with its batch; throws what finishing the batch threw.
    package func finish(_ commit: PendingCommit) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            condition.lock()
            defer { condition.unlock() }
            guard !closed else {
                done.resume(throwing: ReaderError.storage("a commit came after its fetch ended"))
                return
            }
            if lock == nil { lock = try? store.writersLock() }
            if lock != nil { commit.letGoOfLock() }
            waiting.append((commit, done))
            if firstArrived == nil { firstArrived = .now }
            if !started {
                started = true
                let thread = Thread { [self] in run() }
                thread.name = "reader.commit-batches"
                thread.start()
            }
            condition.signal()
        }
    }

    /// No more commits will come but those of the jobs under way: each batch from now on is
    /// written as soon as the one before it ends, without waiting for more.
    package func hurry() {
        condition.withLock {
            hurried = true
            condition.signal()
        }
    }

    /// Ends the thread once every commit handed over is finished.
    package func close() {
        condition.withLock {
            closed = true
            hurried = true
            condition.signal()
        }
    }

    private func run() {
        condition.lock()
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty { break }
            // The batch fills until the window after its first commit ends, or it is full.
            while !hurried, waiting.count < Self.largest, let first = firstArrived {
                guard condition.wait(until: first.advanced(by: Self.window)) else { break }
            }
            let batch = waiting
            waiting = []
            firstArrived = nil
            condition.unlock()
            let outcome = Result { try store.finish(batch.map(\.commit)) }
            for (_, done) in batch { done.resume(with: outcome) }
            condition.lock()
            // Nothing waits: `gc` may have the store until the next commit comes.
            if waiting.isEmpty { lock = nil }
        }
        condition.unlock()
    }
}
