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
    var bound: Duration? = .seconds(60)
    /// The monotonic clock's nanoseconds past which the step now running stops.
    private var deadline: UInt64 = .max

    /// A step begins.
    func start() {
        guard let bound else {
            deadline = .max
            return
        }
        let (seconds, attoseconds) = bound.components
        deadline = Self.now() &+ UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    func shouldStop() -> Bool {
        Task.isCancelled || Self.now() > deadline
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
