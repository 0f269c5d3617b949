import Foundation

extension NSCondition {
    /// Waits until signalled or until `deadline`, which the monotonic clock keeps (a step of
    /// the wall clock moves no limit); false when the deadline passed. Call with the lock held.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return false }
        let (seconds, attoseconds) = left.components
        return wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
    }
}
