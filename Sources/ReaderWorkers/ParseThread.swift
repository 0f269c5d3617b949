import Foundation

/// The thread a parser worker runs its parses on, one after another: a mirror of the 1,067
/// sample RFCs started a thread for each document (with an 8 MiB stack mapped and unmapped, and
/// the allocator's arenas handed from thread to thread); a worker now keeps one while it lives.
/// Closed, it ends once the parse it runs, if any, returns: when its worker goes, or when a
/// parse took too long and was abandoned on it (``BoundedCall``).
final class ParseThread: @unchecked Sendable {
    // `job` and `closed` are guarded by `condition`.
    private let condition = NSCondition()
    private var job: (@Sendable () -> Void)?
    private var closed = false

    init() {
        let thread = Thread { [self] in serve() }
        // Parsers recurse on nested input; give them the stack a main thread has.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs `job` on the thread. One at a time: its worker hands it the next once this one ended.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            self.job = job
            condition.signal()
        }
    }

    /// Ends the thread after the job it runs, if any.
    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    var isClosed: Bool { condition.withLock { closed } }

    private func serve() {
        while let next = nextJob() { next() }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        condition.withLock {
            while job == nil && !closed { condition.wait() }
            defer { job = nil }
            return job
        }
    }
}
