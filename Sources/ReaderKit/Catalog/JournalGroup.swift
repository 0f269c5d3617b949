import Foundation
import Synchronization

/// Group commit of catalog changes: the documents a bulk fetch stores at the same moment are
/// named by one journal write and one flush, not one each under the catalog lock in turn —
/// which made a mirror of 8 jobs wait on 8 flushes in a row.
///
/// Each caller adds its change, then takes the leader's place: the first to get it writes
/// every change waiting (its own and those that came while the flush before was running) and
/// flushes once; a caller whose change a leader already wrote returns at once. Nobody returns
/// before its change is on disk, as when each wrote its own.
final class JournalGroup: Sendable {
    private struct State {
        var waiting: [CatalogJournal.Change] = []
        /// Changes numbered in the order they came: the last one added, and the last one written.
        var added = 0
        var written = 0
        /// The numbers of the changes a failed write carried, and why it failed.
        var failures: [(changes: ClosedRange<Int>, error: ReaderError)] = []
    }

    private let state = Mutex(State())
    private let leader = NSLock()

    /// Adds `change` and returns once it is written by `write` (which gets every change
    /// waiting, in order, and must flush them); throws what the write that carried it threw.
    func commit(_ change: CatalogJournal.Change, write: ([CatalogJournal.Change]) throws -> Void) throws {
        let number = state.withLock { state in
            state.waiting.append(change)
            state.added += 1
            return state.added
        }
        leader.lock()
        defer { leader.unlock() }
        let (batch, numbers): ([CatalogJournal.Change], ClosedRange<Int>?) = state.withLock { state in
            if number <= state.written { return ([], nil) }
            defer { state.waiting = [] }
            return (state.waiting, state.written + 1...state.added)
        }
        guard let numbers else {
            // A leader before wrote it; say how that went.
            if let failure = state.withLock({ state in state.failures.first { $0.changes.contains(number) } }) {
                throw failure.error
            }
            return
        }
        do {
            try write(batch)
            state.withLock { $0.written = numbers.upperBound }
        } catch {
            let failure = error as? ReaderError ?? .storage("\(error)")
            state.withLock { state in
                state.written = numbers.upperBound
                // The failures of the last few groups are enough: their callers are waiting now.
                state.failures = Array(state.failures.suffix(15)) + [(numbers, failure)]
            }
            throw failure
        }
    }
}
