import Foundation
import ReaderSupport

/// The time limits of the parses under way, watched by one thread for the whole process.
///
/// Each parse had a Dispatch timer of its own, made, started and cancelled with it: two
/// wake-ups of Dispatch's manager thread a document, through an `eventfd` (a mirror of the
/// 1,067 sample RFCs switched threads 2,000 more times for them). Here a parse's limit is
/// added to a list and taken out under a lock nobody waits on for long, and the watching
/// thread wakes only when the earliest limit passes, which a parse that ends in time never
/// lets happen. (A cancelled `Task.sleep` was no better: it stays queued until its deadline.)
final class ParseDeadlines: @unchecked Sendable {
    static let shared = ParseDeadlines()

    private struct Limit {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var limits: [Int: Limit] = [:]
    private var numbered = 0
    private var watching = false
    /// The deadline the watching thread sleeps until; nil while it is awake.
    private var sleepingUntil: ContinuousClock.Instant?

    /// Calls `expire` (on the watching thread) once `seconds` have passed, unless the limit is
    /// removed first. Returns the limit's number, for ``remove(_:)``.
    func add(after seconds: Double, _ expire: @escaping @Sendable () -> Void) -> Int {
        // A library caller's limit may be anything; ten years is none.
        let bounded = seconds.isNaN ? Self.longest : min(max(seconds, 0), Self.longest)
        let deadline = ContinuousClock.now.advanced(by: .seconds(bounded))
        condition.lock()
        defer { condition.unlock() }
        numbered += 1
        limits[numbered] = Limit(deadline: deadline, expire: expire)
        if !watching {
            watching = true
            let thread = Thread { [self] in watch() }
            thread.name = "reader.parse-limits"
            thread.start()
        } else if let sleepingUntil, deadline < sleepingUntil {
            // Only a limit shorter than those before it (another pool's) moves the wake-up.
            condition.signal()
        }
        return numbered
    }

    /// Takes a limit out: its parse ended in time.
    func remove(_ number: Int) {
        condition.withLock { _ = limits.removeValue(forKey: number) }
    }

    private func watch() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            let expired = limits.filter { $0.value.deadline <= now }
            if !expired.isEmpty {
                for number in expired.keys { limits[number] = nil }
                condition.unlock()
                for limit in expired.values { limit.expire() }
                condition.lock()
                continue
            }
            if let earliest = limits.values.map(\.deadline).min() {
                sleepingUntil = earliest
                condition.wait(until: earliest)
            } else {
                sleepingUntil = .now.advanced(by: .seconds(Self.longest))
                condition.wait()
            }
            sleepingUntil = nil
        }
    }

    private static let longest: Double = 10 * 365 * 86_400
}
