import Foundation

/// The values `make(0)`, `make(1)`, … `make(count - 1)`, in order, made by threads of their own
/// (one per core) at most `window` ahead of the one who reads them: a reindex decodes documents
/// on the other cores while one thread writes the index, which SQLite does on one thread only.
/// A nil from `make` is left out.
///
/// Threads of its own, not Dispatch's: the reader of the values waits for them, often on one of
/// Dispatch's threads itself (the async runtime's), and Dispatch would not add one to replace it.
package struct MadeAhead<Value: Sendable>: Sequence {
    let count: Int
    let make: @Sendable (Int) -> Value?
    var window = 64
    var threads = Cores.available

    package init(count: Int, make: @escaping @Sendable (Int) -> Value?) {
        self.count = count
        self.make = make
    }

    /// The values made and not yet read, by index, and the one condition everyone waits on.
    private final class Shared: @unchecked Sendable {
        // Guarded by `condition`.
        var made: [Int: Value?] = [:]
        var next = 0
        var read = 0
        var stopped = false
        let condition = NSCondition()
    }

    package final class Iterator: IteratorProtocol {
        private let shared = Shared()
        private let count: Int

        package init(_ sequence: MadeAhead) {
            count = sequence.count
            let shared = shared
            let (count, window, make) = (sequence.count, sequence.window, sequence.make)
            for _ in 0..<Swift.max(1, Swift.min(sequence.threads, count)) {
                let thread = Thread {
                    while true {
                        shared.condition.lock()
                        while !shared.stopped && shared.next < count && shared.next - shared.read >= window { shared.condition.wait() }
                        guard !shared.stopped, shared.next < count else {
                            shared.condition.unlock()
                            return
                        }
                        let index = shared.next
                        shared.next += 1
                        shared.condition.unlock()
                        let value = make(index)
                        shared.condition.lock()
                        shared.made[index] = .some(value)
                        shared.condition.broadcast()
                        shared.condition.unlock()
                    }
                }
                thread.start()
            }
        }

        deinit {
            // Read no further (an error stopped the reader): the threads end.
            shared.condition.lock()
            shared.stopped = true
            shared.condition.broadcast()
            shared.condition.unlock()
        }

        package func next() -> Value? {
            shared.condition.lock()
            defer { shared.condition.unlock() }
            while shared.read < count {
                while shared.made[shared.read] == nil { shared.condition.wait() }
                let value = shared.made.removeValue(forKey: shared.read) ?? nil
                shared.read += 1
                shared.condition.broadcast()
                if let value { return value }
            }
            return nil
        }
    }

    package func makeIterator() -> Iterator { Iterator(self) }
}
