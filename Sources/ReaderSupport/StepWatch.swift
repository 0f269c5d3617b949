#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When a step of a SQLite statement must stop, asked by the connection's progress handler
/// (``SQLite``): past its time bound, or when the task running it was cancelled (Ctrl-C). A
/// statement a crafted file makes endless then ends with an error, never spins for ever.
///
/// Used by the one thread that has the connection (a connection is not shared), from inside
/// SQLite's calls.
final class StepWatch {
    /// How long one step may run; nil: no bound.
    var bound: Duration? = .seconds(60) {
        didSet { boundNanoseconds = Self.nanoseconds(bound) }
    }
    private var boundNanoseconds: UInt64? = StepWatch.nanoseconds(.seconds(60))
    /// The monotonic clock's nanoseconds past which the step now running stops; 0 until the
    /// progress handler first asks during the step.
    private var deadline: UInt64 = 0

    /// A step begins. Its clock starts when the progress handler first asks, a few thousand
    /// instructions in: a step that ends sooner (most of a search's rows) never reads the clock.
    /// Read at every step, the clock was a sixth of a `reader find` over a million tweets.
    func start() {
        deadline = 0
    }

    func shouldStop() -> Bool {
        if Task.isCancelled { return true }
        guard let boundNanoseconds else { return false }
        let now = Self.now()
        if deadline == 0 {
            deadline = now &+ boundNanoseconds
            return false
        }
        return now > deadline
    }

    private static func nanoseconds(_ bound: Duration?) -> UInt64? {
        guard let bound else { return nil }
        let (seconds, attoseconds) = bound.components
        return UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
