import Dispatch
import Synchronization

/// The values `make(0)`, `make(1)`, … `make(count - 1)`, in order, made on every core a batch
/// or two ahead of the one who reads them: a reindex decodes documents on the other cores
/// while one thread writes the index, which SQLite does on one thread only. A nil from `make`
/// is left out. At most `(ahead + 1) × batch` values are held at once.
struct MadeAhead<Value: Sendable>: Sequence {
    let count: Int
    var batch = 16
    var ahead = 2
    let make: @Sendable (Int) -> Value?

    init(count: Int, make: @escaping @Sendable (Int) -> Value?) {
        self.count = count
        self.make = make
    }

    /// One batch being made: its values by position, and whether all are there.
    private final class Batch: Sendable {
        let values: Mutex<[Value?]>
        let done = DispatchSemaphore(value: 0)

        init(size: Int) {
            values = Mutex(Array(repeating: nil, count: size))
        }
    }

    struct Iterator: IteratorProtocol {
        let sequence: MadeAhead
        private var pending: [Batch] = []
        private var nextStart = 0
        private var current: [Value?] = []
        private var position = 0

        init(_ sequence: MadeAhead) {
            self.sequence = sequence
        }

        mutating func next() -> Value? {
            while true {
                while position < current.count {
                    position += 1
                    if let value = current[position - 1] { return value }
                }
                while pending.count <= sequence.ahead && nextStart < sequence.count { pending.append(start()) }
                guard !pending.isEmpty else { return nil }
                let batch = pending.removeFirst()
                batch.done.wait()
                current = batch.values.withLock { $0 }
                position = 0
            }
        }

        private mutating func start() -> Batch {
            let first = nextStart
            let size = Swift.min(sequence.batch, sequence.count - first)
            nextStart += size
            let batch = Batch(size: size)
            let make = sequence.make
            DispatchQueue.global(qos: .userInitiated).async {
                DispatchQueue.concurrentPerform(iterations: size) { offset in
                    let value = make(first + offset)
                    batch.values.withLock { $0[offset] = value }
                }
                batch.done.signal()
            }
            return batch
        }
    }

    func makeIterator() -> Iterator { Iterator(self) }
}
