/// A list of plain values reused from one entry to the next. An `Array` emptied with
/// `removeAll(keepingCapacity:)` and filled again checks its uniqueness on each append and
/// empties through a generic path; a record has a dozen lists, so that was a few percent of
/// the parse. For the plain values kept here (numbers, ranges), emptying only resets the count.
final class ScratchList<Element>: RandomAccessCollection {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of the list")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of the list")
            base[index] = newValue
        }
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never) private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }
}
