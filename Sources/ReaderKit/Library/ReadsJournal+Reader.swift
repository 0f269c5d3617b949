import Foundation

extension Reader {
    /// Notes that a stored document was opened (``ReadsJournal``); a store that cannot be
    /// written still opens it, so a failure is said on the trace only.
    public func noteOpened(_ key: String) {
        do {
            try store.reads.record(key)
        } catch {
            configuration.trace?("\(store.reads.path): \(error)")
        }
    }
}
