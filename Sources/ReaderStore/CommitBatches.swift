import Foundation
import ReaderSupport

/// The last steps of a bulk fetch's commits, a batch at a time, on a thread of their own: the
/// commits staged within ``window`` of the first (or ``largest`` of them) have their documents
/// written into the full-text index in one transaction, then their blobs named and their
/// entries recorded together (``Store/finish(_:)``) — one flush of their bytes, the renames,
/// one flush of the names, one journal write and its flush.
///
/// The index in the batch: a job stages its document cut into words, not written
/// (``Store/stage(key:raw:document:pictures:keepVersions:indexLater:entry:)``). Written by each
/// job, the documents went in one or two a transaction (882 transactions for the 1,067 sample
/// RFCs), each rewriting the index's inner pages into its WAL (the mirror wrote 197 MB, its
/// store is 52), and a job waited on the index's writer with its place among `--jobs` while a
/// fold of the staged words ran. With a batch's one transaction the mirror writes 126 MB and
/// takes 0.95 of the time on this machine's disk.
///
/// Why: a commit that finished itself waited on those three flushes, and so did its job's
/// place among `--jobs`; the commits ending at the same moment shared them
/// (``Store/placeAndRecord(_:)``), but few ended at the same moment, so a mirror of the 1,067
/// sample RFCs flushed about 1,900 times, a sixth of its time on this machine's disk, and
/// every flush also wrote out the pages the index's WAL had written since the one before. A
/// job now hands its staged commit here and gives up its place; it still reports its document
/// stored only once the batch is written, so what a fetch says it stored is on the disk.
///
/// How many commits wait is bounded: a job hands its commit over, and gives up its place,
/// only while fewer than ``pendingAtMost`` are handed over and not finished (and fewer than
/// ``unindexedBytesAtMost`` of words wait) (``finish(_:handedOver:)``). Unbounded, a slow flush (a
/// disk busy writing back a gigabyte just copied) let the jobs stage hundreds of commits behind
/// it, each with its folders' descriptors and its memory.
///
/// The order of every commit is the one it had: its document in the index before its entry
/// in the catalog, no name before its bytes are durable, no entry before its names. A process
/// killed while a batch waits leaves what a kill between the index and the catalog always
/// left: temporary files `gc` removes, and index rows of a version no entry names, which
/// `find` skips.
package final class CommitBatches: @unchecked Sendable {
    /// How long the first commit of a batch waits for others.
    static let window: Duration = .milliseconds(25)
    /// The most commits handed over and not yet finished, the batch being written and those
    /// waiting: each holds its blobs' folders open, two descriptors, so a process allowed few
    /// (`ulimit -n 128`) keeps fewer. (Counted apart, a batch of 16 and 16 waiting ran out of
    /// descriptors there once the batch wrote the index: 3 of 1,067 RFCs failed.)
    package static let pendingAtMost: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 16 }
        let allowed = Int(clamping: limit.rlim_cur)
        return min(64, max(4, (allowed - 64) / 4))
    }()
    /// The most commits a batch takes: half of those that may be pending, so that the next
    /// batch fills while one is written.
    package static let largest = min(32, pendingAtMost / 2)

    /// The bytes of words that may wait for the index, besides the batch's being written
    /// (``PendingCommit/unindexedBytes``): a few large documents fill a batch's room as many
    /// small ones do.
    static let unindexedBytesAtMost = 4 << 20

    private let store: Store
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [(commit: PendingCommit, done: CheckedContinuation<Void, any Error>)] = []
    /// The bytes of words the commits waiting keep for the index (``PendingCommit/unindexedBytes``).
    private var waitingBytes = 0
    /// Places among ``waiting`` promised to jobs that are handing their commits over.
    private var promised = 0
    /// Jobs waiting for a place among ``waiting``, first come first served.
    private var waitingForRoom: [CheckedContinuation<Void, Never>] = []
    /// The commits of the batch being written.
    private var writing = 0
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
    /// `handedOver` runs once the commit has its place among those waiting (at once, unless
    /// ``pendingAtMost`` are pending already): the job gives up its place among `--jobs` there.
    package func finish(_ commit: PendingCommit, handedOver: @Sendable () async -> Void = {}) async throws {
        await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
            condition.withLock {
                if hasRoom {
                    promised += 1
                    room.resume()
                } else {
                    waitingForRoom.append(room)
                }
            }
        }
        await handedOver()
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            condition.lock()
            defer { condition.unlock() }
            promised -= 1
            guard !closed else {
                done.resume(throwing: ReaderError.storage("a commit came after its fetch ended"))
                return
            }
            if lock == nil { lock = try? store.writersLock() }
            if lock != nil { commit.letGoOfLock() }
            waiting.append((commit, done))
            waitingBytes += commit.unindexedBytes
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

    /// Guarded by `condition`: whether a commit may be handed over now.
    private var hasRoom: Bool {
        closed
            || (writing + waiting.count + promised < Self.pendingAtMost
                && (waitingBytes < Self.unindexedBytesAtMost || waiting.isEmpty))
    }

    /// Guarded by `condition`: the jobs waiting for room that now have it, each promised its place.
    private func admitted() -> [CheckedContinuation<Void, Never>] {
        var admitted: [CheckedContinuation<Void, Never>] = []
        while hasRoom, !waitingForRoom.isEmpty {
            promised += 1
            admitted.append(waitingForRoom.removeFirst())
        }
        return admitted
    }

    /// How many commits are being written, wait for their batch, and wait for room: what a
    /// test looks at.
    package var counts: (writing: Int, waiting: Int, waitingForRoom: Int) {
        condition.withLock { (writing, waiting.count, waitingForRoom.count) }
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
        let rooms = condition.withLock {
            closed = true
            hurried = true
            condition.signal()
            return admitted()
        }
        for room in rooms { room.resume() }
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
            let batch = Array(waiting.prefix(Self.largest))
            waiting.removeFirst(batch.count)
            waitingBytes -= batch.reduce(0) { $0 + $1.commit.unindexedBytes }
            // Those left (handed over while the window closed) start the next batch's now.
            firstArrived = waiting.isEmpty ? nil : .now
            writing = batch.count
            let rooms = admitted()
            condition.unlock()
            for room in rooms { room.resume() }
            let outcome = Result { try store.finish(batch.map(\.commit)) }
            for (_, done) in batch { done.resume(with: outcome) }
            condition.lock()
            writing = 0
            // Nothing waits: `gc` may have the store until the next commit comes.
            if waiting.isEmpty { lock = nil }
        }
        condition.unlock()
    }
}
