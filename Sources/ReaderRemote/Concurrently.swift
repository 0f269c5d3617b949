/// Runs `work` on every item, at most `jobs` at once; the first error cancels the rest and is
/// thrown once every task has stopped, so nothing runs on after the command has failed.
func concurrently<Item: Sendable>(
    _ items: [Item], jobs: Int, _ work: @escaping @Sendable (Item) async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = items.makeIterator()
        for _ in 0..<max(1, jobs) {
            guard let item = next.next() else { break }
            group.addTask { try await work(item) }
        }
        while try await group.next() != nil {
            try Task.checkCancellation()
            if let item = next.next() { group.addTask { try await work(item) } }
        }
    }
}
