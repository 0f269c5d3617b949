import Foundation

/// A running fetch of several requests: its progress events and per-request cancellation.
public final class FetchOperation: Sendable {
    /// Every request's events: queued, in progress, then finished, failed or cancelled.
    public let events: AsyncStream<ProgressEvent>
    private let state: State
    private let task: Task<[String: Result<FetchResult, ReaderError>], Never>

    actor State {
        var tasks: [String: Task<Void, Never>] = [:]
        var outcomes: [String: Result<FetchResult, ReaderError>] = [:]
        var cancelled = false
        func add(_ key: String, _ task: Task<Void, Never>) {
            tasks[key] = task
            // Made while `cancelAll` ran (the loop had checked for cancellation just before).
            if cancelled { task.cancel() }
        }
        func record(_ key: String, _ outcome: Result<FetchResult, ReaderError>) { outcomes[key] = outcome }
        func cancel(_ key: String) { tasks[key]?.cancel() }
        func cancelAll() {
            cancelled = true
            tasks.values.forEach { $0.cancel() }
        }
        func waitAll() async -> [String: Result<FetchResult, ReaderError>] {
            for task in tasks.values { await task.value }
            return outcomes
        }
    }

    init(reader: Reader, requests: [Request]) {
        let (events, continuation) = AsyncStream.makeStream(of: ProgressEvent.self, bufferingPolicy: .unbounded)
        self.events = events
        let state = State()
        self.state = state
        task = Task {
            let fetcher = Fetcher(limits: reader.configuration.limits)
            let limiter = Limiter(limit: reader.configuration.jobs)
            var seen = Set<Request>()
            for request in requests where seen.insert(request).inserted {
                let key = (try? reader.key(of: request)) ?? request.description
                continuation.yield(.queued(key: key))
                if Task.isCancelled {
                    await state.record(key, .failure(.cancelled))
                    continuation.yield(.cancelled(key: key))
                    continue
                }
                let job = FetchJob(reader: reader, request: request, fetcher: fetcher)
                await state.add(key, Task {
                    let outcome: Result<FetchResult, ReaderError>
                    do {
                        let result = try await limiter.run {
                            try await job.run { bytes, total in continuation.yield(.inProgress(key: key, bytes: bytes, total: total)) }
                        }
                        outcome = .success(result)
                        continuation.yield(.finished(key: key, result: result))
                    } catch let error as ReaderError where error != .cancelled && !Task.isCancelled {
                        outcome = .failure(error)
                        continuation.yield(.failed(key: key, error: error))
                    } catch {
                        outcome = .failure(.cancelled)
                        continuation.yield(.cancelled(key: key))
                    }
                    await state.record(key, outcome)
                })
            }
            let outcomes = await state.waitAll()
            await fetcher.shutdown()
            // What is stored is already safe in the journal; a failure here only delays folding it.
            try? reader.store.compactCatalog()
            continuation.finish()
            return outcomes
        }
    }

    /// Cancels one request; the others go on.
    public func cancel(key: String) async { await state.cancel(key) }

    /// Cancels every request. What was stored stays stored; nothing half-written is visible.
    public func cancel() async {
        task.cancel()
        await state.cancelAll()
    }

    /// Waits for every request; the outcome of each by catalog key.
    public func results() async -> [String: Result<FetchResult, ReaderError>] {
        await task.value
    }
}
