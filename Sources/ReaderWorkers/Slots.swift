/// At most `count` holders at once: bounds parallel fetches to `--jobs`.
package actor Slots {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(count: Int) {
        available = max(1, count)
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
}
