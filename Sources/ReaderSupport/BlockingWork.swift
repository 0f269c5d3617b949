import Foundation

/// Work that waits on the disk, run on a thread of its own rather than on one of the
/// cooperative pool's, of which there are as many as cores: a store commit waits on `fsync`,
/// and on two cores two such waits stopped every parse and every download of a mirror.
package enum BlockingWork {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            BlockingThreads.shared.submit { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// The threads ``BlockingWork`` runs on: one for each piece of work waiting, up to
/// ``limit``, kept parked when idle. Not Dispatch's global queue: on Linux it does not see a
/// thread blocked in a system call, and kept two or three threads for the whole process, so
/// a mirror's eight commits waited in turn and each paid for its own flushes (2,010 `syncfs`
/// for 1,067 RFCs), where commits waiting at once share one (``SyncBarrier``).
final class BlockingThreads: @unchecked Sendable {
    static let shared = BlockingThreads(limit: 64)

    /// More work than this at once waits for a thread: a bound, not a pool size.
    let limit: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    /// Work not yet taken by a thread: a few pieces at most (each taker is a piece in flight).
    private var waiting: [@Sendable () -> Void] = []
    private var threads = 0
    private var idle = 0

    init(limit: Int) {
        self.limit = limit
    }

    func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        waiting.append(work)
        // A thread parked but not yet woken still counts as idle: start one more only when
        // those cannot take everything waiting.
        if idle < waiting.count && threads < limit {
            threads += 1
            let thread = Thread { [self] in serve() }
            thread.name = "reader.blocking"
            thread.start()
        }
        if idle > 0 { condition.signal() }
    }

    private func serve() {
        condition.lock()
        while true {
            while waiting.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let work = waiting.removeFirst()
            condition.unlock()
            work()
            condition.lock()
        }
    }
}
