/// At most `count` holders at once: bounds parallel fetches to `--jobs`.
package actor Slots {
    private let count: Int
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(count: Int) {
        self.count = max(1, count)
        available = self.count
    }

    package func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    package func release() {
        if waiting.isEmpty { available += 1 } else { waiting.removeFirst().resume() }
    }

    /// Returns once every holder has released its slot.
    package func drain() async {
        for _ in 0..<count { await acquire() }
        available = count
    }
}
