import Dispatch
import Foundation

/// Ctrl-C: the first cancels the work, which stops cleanly (the store stays consistent: what
/// was committed stays, nothing half-written is visible); a second one exits at once.
enum Interrupt {
    static func onSignal(_ cancel: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let count = Counter()
        source.setEventHandler {
            if count.increment() > 1 { exit(130) }
            Terminal.error("interrupted; stopping (Ctrl-C again to quit at once)")
            cancel()
        }
        source.resume()
        return source
    }

    private final class Counter: @unchecked Sendable {
        // Only touched from the signal source's serial handler.
        private var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }
}
