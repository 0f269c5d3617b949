import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C: the first cancels the work, which stops cleanly (the store stays consistent: what
/// was committed stays, nothing half-written is visible); a second one exits at once.
///
/// The handler is a plain `sigaction`, installed before the work starts, that writes one byte
/// to a pipe; a thread reading the pipe does the rest. Not a `DispatchSource`: on Linux one
/// needs SIGINT ignored first and is registered later, asynchronously, on libdispatch's
/// manager thread, and a Ctrl-C in between was dropped — the fetch then ran to its end and
/// exited 4 instead of 130 (seen under heavy load, when that gap is long). A byte in a pipe
/// waits until it is read, so from `install()` on no Ctrl-C is lost.
struct Interrupt: Sendable {
    private let readEnd: Int32

    /// Installs the handler; nil when no pipe can be made (Ctrl-C then ends the process as usual).
    static func install() -> Interrupt? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The handler must never block, even if nobody reads.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        interruptPipeWriteEnd = ends[1]
        // Restarted, not failed with EINTR: a Ctrl-C must not turn a file write into an error.
        var action = SignalAction.make(interruptHandler, flags: Int32(SA_RESTART))
        guard sigaction(SIGINT, &action, nil) == 0 else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        return Interrupt(readEnd: ends[0])
    }

    /// Calls `cancel` on the first Ctrl-C (including one that came before this call) and exits
    /// 130 on the second.
    func onInterrupt(_ cancel: @escaping @Sendable () -> Void) {
        let readEnd = readEnd
        // A thread of its own: a Ctrl-C is acted on even when every worker thread is busy.
        Thread.detachNewThread {
            var seen = 0
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                seen += 1
                if seen > 1 { exit(130) }
                Terminal.error("interrupted; stopping (Ctrl-C again to quit at once)")
                cancel()
            }
        }
    }
}

/// The write end of the pipe: set once, before the handler that reads it is installed.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// Async-signal-safe: one `write`, errno left as it was found.
private let interruptHandler: @convention(c) (Int32) -> Void = { _ in
    let saved = errno
    var byte: UInt8 = 1
    _ = write(interruptPipeWriteEnd, &byte, 1)
    errno = saved
}
