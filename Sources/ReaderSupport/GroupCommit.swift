import Foundation
import Synchronization

/// Group commit: the writes many threads ask for at the same moment done as one. A bulk fetch
/// stores several documents at once; naming each in the catalog journal with a flush of its
/// own made a mirror of 8 jobs wait on 8 flushes in a row, and putting each into the full-text
/// index in a transaction of its own made a pull wait on SQLite's in turn.
///
/// Each caller adds its item, then takes the leader's place: the first to get it writes every
/// item waiting (its own and those that came while the write before was running) at once; a
/// caller whose item a leader already wrote returns at once, with what that write returned.
/// Nobody returns before its item is written, as when each wrote its own.
package final class GroupCommit<Item: Sendable, Reply: Sendable>: Sendable {
    private struct State {
        var waiting: [Item] = []
        /// Items numbered in the order they came: the last one added, and the last one written.
        var added = 0
        var written = 0
        /// What the write of each item a leader wrote for another caller returned or threw,
        /// until that caller takes it.
        var outcomes: [Int: Result<Reply, ReaderError>] = [:]
    }

    private let state = Mutex(State())
    private let leader = NSLock()

    package init() {}

    /// Adds `item` and returns once it is written by `write` (which gets every item waiting, in
    /// order), with what that write returned; throws what it threw.
    package func commit(_ item: Item, write: ([Item]) throws -> Reply) throws -> Reply {
        let number = state.withLock { state in
            state.waiting.append(item)
            state.added += 1
            return state.added
        }
        leader.lock()
        defer { leader.unlock() }
        let (batch, numbers): ([Item], ClosedRange<Int>?) = state.withLock { state in
            if number <= state.written { return ([], nil) }
            defer { state.waiting = [] }
            return (state.waiting, state.written + 1...state.added)
        }
        guard let numbers else {
            // A leader before wrote it; say how that went.
            let outcome = state.withLock { state in state.outcomes.removeValue(forKey: number) }
            guard let outcome else { throw ReaderError.storage("a group write lost track of its items") }
            return try outcome.get()
        }
        let outcome: Result<Reply, ReaderError>
        do {
            outcome = .success(try write(batch))
        } catch {
            outcome = .failure(error as? ReaderError ?? .storage("\(error)"))
        }
        state.withLock { state in
            state.written = numbers.upperBound
            for other in numbers where other != number { state.outcomes[other] = outcome }
        }
        return try outcome.get()
    }
}
