/// At most `limit` requests to one host at a time, the rest waiting their turn here.
///
/// AsyncHTTPClient queues the requests past its per-host connection limit too, but gives each
/// queued request only the connect timeout to get a connection: a bulk fetch of `--jobs 8`
/// with four connections to a host whose answers are slow (large files, a loaded machine)
/// failed the waiting ones with `getConnectionFromPoolTimeout`. Waiting here has no deadline
/// of its own — only the request, once let through, is timed — and ends at once on Ctrl-C.
actor HostGate {
    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: [(id: Int, turn: CheckedContinuation<Void, any Error>)]] = [:]
    private var nextID = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// Waits until `host` has a free place, and takes it; `release(host)` gives it back.
    func enter(_ host: String) async throws {
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    turn.resume(throwing: CancellationError())
                } else {
                    waiting[host, default: []].append((id, turn))
                }
            }
        } onCancel: {
            Task { await self.cancel(id, host: host) }
        }
    }

    /// Gives `host`'s place to the request waiting longest, or frees it.
    func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.turn.resume()  // the place passes on: `active` stays as it is
        } else {
            active[host, default: 1] -= 1
            if active[host] == 0 { active[host] = nil }
        }
    }

    private func cancel(_ id: Int, host: String) {
        guard var queue = waiting[host], let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let cancelled = queue.remove(at: index)
        waiting[host] = queue.isEmpty ? nil : queue
        cancelled.turn.resume(throwing: CancellationError())
    }
}
