import Foundation

/// Group commit: the writes many threads ask for at the same moment done as one. A bulk fetch
/// stores several documents at once; naming each in the catalog journal with a flush of its
/// own made a mirror of 8 jobs wait on 8 flushes in a row, and putting each into the full-text
/// index in a transaction of its own made a pull wait on SQLite's in turn.
///
/// Each caller adds its item; when no write is under way, it writes every item waiting (its
/// own and those that came while the write before ran) at once, as the leader. The others wait
/// on one condition, woken together when a write ends: a caller whose item that write took
/// returns with what it returned, one whose item came too late leads the next. Nobody returns
/// before its item is written, as when each wrote its own.
///
/// Why a condition and not a lock taken in turn: callers queued on a leader's lock were let
/// through one at a time, each woken by the one before only to find its item written, while
/// the next leader waited behind them all (a mirror made about 1,300 such hand-overs, each a
/// thread woken on a core that was idle meanwhile).
package final class GroupCommit<Item: Sendable, Reply: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [Item] = []
    /// Items numbered in the order they came: the last one added, and the last one written.
    private var added = 0
    private var written = 0
    private var writing = false
    /// What the write of each item a leader wrote for another caller returned or threw,
    /// until that caller takes it.
    private var outcomes: [Int: Result<Reply, ReaderError>] = [:]

    package init() {}

    /// Adds `item` and returns once it is written by `write` (which gets every item waiting, in
    /// order), with what that write returned; throws what it threw.
    package func commit(_ item: Item, write: ([Item]) throws -> Reply) throws -> Reply {
        try commit(contentsOf: [item], write: write)
    }

    /// Adds `items`, which go into one write together, and returns once they are written, with
    /// what that write returned; throws what it threw.
    package func commit(contentsOf items: [Item], write: ([Item]) throws -> Reply) throws -> Reply {
        guard !items.isEmpty else { throw ReaderError.storage("a group write was given nothing to write") }
        condition.lock()
        waiting.append(contentsOf: items)
        added += items.count
        let mine = (added - items.count + 1)...added
        while writing && mine.upperBound > written { condition.wait() }
        if mine.upperBound <= written {
            // A leader wrote them, all in one write (they were added together); say how that went.
            for number in mine.dropLast() { outcomes.removeValue(forKey: number) }
            let outcome = outcomes.removeValue(forKey: mine.upperBound)
            condition.unlock()
            guard let outcome else { throw ReaderError.storage("a group write lost track of its items") }
            return try outcome.get()
        }
        writing = true
        let batch = waiting
        let numbers = written + 1...added
        waiting = []
        condition.unlock()
        let outcome: Result<Reply, ReaderError>
        do {
            outcome = .success(try write(batch))
        } catch {
            outcome = .failure(error as? ReaderError ?? .storage("\(error)"))
        }
        condition.lock()
        written = numbers.upperBound
        for other in numbers where !mine.contains(other) { outcomes[other] = outcome }
        writing = false
        condition.broadcast()
        condition.unlock()
        return try outcome.get()
    }
}
