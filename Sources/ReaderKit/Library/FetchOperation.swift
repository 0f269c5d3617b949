import Foundation
import ReaderFetch
import ReaderSupport
import ReaderWorkers

/// A running fetch of several requests: its progress events and per-request cancellation.
///
/// A request's task is made only when one of the `--jobs` slots is free, and forgotten when it
/// ends: a task keeps its stack slabs until it is released, so tasks made up front for a
/// mirror of 9,000 RFCs would hold memory in proportion to the request count.
public final class FetchOperation: Sendable {
    /// Every request's events: queued, in progress, then finished, failed or cancelled.
    public let events: AsyncStream<ProgressEvent>
    private let state: State
    private let task: Task<[String: Result<FetchResult, ReaderError>], Never>

    actor State {
        private var running: [String: Task<Void, Never>] = [:]
        /// Requests whose task ended before it was registered: a handful at most.
        private var endedUnregistered: Set<String> = []
        private var cancelled: Set<String> = []
        private var allCancelled = false
        private let keepsOutcomes: Bool
        private(set) var outcomes: [String: Result<FetchResult, ReaderError>] = [:]

        init(keepsOutcomes: Bool) {
            self.keepsOutcomes = keepsOutcomes
        }

        func start(_ key: String, _ task: Task<Void, Never>) {
            // A request that ended before it was registered has nothing left to cancel; one
            // cancelled while its task was being made is cancelled now.
            guard endedUnregistered.remove(key) == nil else { return }
            running[key] = task
            if allCancelled || cancelled.contains(key) { task.cancel() }
        }
        /// A request's task ended with `outcome`.
        func finish(_ key: String, _ outcome: Result<FetchResult, ReaderError>) {
            if keepsOutcomes { outcomes[key] = outcome }
            if running.removeValue(forKey: key) == nil { endedUnregistered.insert(key) }
        }
        /// A request cancelled before it had a task.
        func drop(_ key: String) {
            if keepsOutcomes { outcomes[key] = .failure(.cancelled) }
        }
        func cancel(_ key: String) {
            cancelled.insert(key)
            running[key]?.cancel()
        }
        func isCancelled(_ key: String) -> Bool { cancelled.contains(key) }
        func cancelAll() {
            allCancelled = true
            running.values.forEach { $0.cancel() }
        }
    }

    init(reader: Reader, requests: [Request], keepingOutcomes: Bool = true) {
        let (events, continuation) = AsyncStream.makeStream(of: ProgressEvent.self, bufferingPolicy: .unbounded)
        self.events = events
        let state = State(keepsOutcomes: keepingOutcomes)
        self.state = state
        task = Task {
            let fetcher = Fetcher(
                limits: reader.configuration.limits, network: reader.configuration.network, trace: reader.configuration.trace,
                mirrors: reader.configuration.mirrorFolders)
            let slots = Slots(count: reader.configuration.jobs)
            var seen = Set<Request>()
            var queue: [(key: String, request: Request)] = []
            for request in requests where seen.insert(request).inserted {
                let key = (try? reader.key(of: request)) ?? request.description
                queue.append((key, request))
                continuation.yield(.queued(key: key))
            }
            // Several requests: their commits are finished a batch at a time (``CommitBatches``).
            let batches = queue.count > 1 ? CommitBatches(store: reader.store) : nil
            let unfinished = Unfinished()
            for (key, request) in queue {
                await slots.acquire()
                let dropped = await state.isCancelled(key)
                if Task.isCancelled || dropped {
                    await slots.release()
                    await state.drop(key)
                    continuation.yield(.cancelled(key: key))
                    continue
                }
                // A job gives its place back once its commit is staged, or when it ends.
                let place = Place(slots)
                let job = FetchJob(request, fetcher: fetcher, reader: reader, batches: batches) { await place.giveBack() }
                await unfinished.add()
                await state.start(
                    key,
                    Task {
                        let outcome = await Self.run(job, key: key, continuation)
                        await state.finish(key, outcome)
                        await place.giveBack()
                        await unfinished.remove()
                    })
            }
            batches?.hurry()
            await unfinished.none()
            batches?.close()
            await fetcher.shutdown()
            // What the jobs freed goes back before the steps that end the fetch take memory of
            // their own (FreedMemory.swift): they set the peak of a large mirror otherwise.
            if batches != nil { FreedMemory.giveBack() }
            // What is stored is already safe in the journal and the index; a failure here only
            // delays folding it (the journal into `catalog.json`, the staged words into FTS5's table).
            reader.store.foldIndex()
            try? reader.store.compactCatalog()
            continuation.finish()
            return await state.outcomes
        }
    }

    private static func run(
        _ job: FetchJob, key: String, _ continuation: AsyncStream<ProgressEvent>.Continuation
    ) async -> Result<FetchResult, ReaderError> {
        do {
            try Task.checkCancellation()
            let result = try await job.run(
                progress: { bytes, total in continuation.yield(.inProgress(key: key, bytes: bytes, total: total)) },
                waiting: { seconds in continuation.yield(.waiting(key: key, seconds: seconds)) })
            continuation.yield(.finished(key: key, result: result))
            return .success(result)
        } catch let error as ReaderError where error != .cancelled && !Task.isCancelled {
            continuation.yield(.failed(key: key, error: error))
            return .failure(error)
        } catch {
            continuation.yield(.cancelled(key: key))
            return .failure(.cancelled)
        }
    }

    /// A job's place among `--jobs`, given back once.
    actor Place {
        private let slots: Slots
        private var held = true

        init(_ slots: Slots) { self.slots = slots }

        func giveBack() async {
            guard held else { return }
            held = false
            await slots.release()
        }
    }

    /// The jobs started and not yet ended: a job that gave its place back early is still one.
    actor Unfinished {
        private var count = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func add() { count += 1 }

        func remove() {
            count -= 1
            guard count == 0 else { return }
            waiting.forEach { $0.resume() }
            waiting = []
        }

        /// Returns once every job has ended.
        func none() async {
            guard count > 0 else { return }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Cancels one request, running or still queued; the others go on.
    public func cancel(key: String) async { await state.cancel(key) }

    /// Cancels every request. What was stored stays stored; nothing half-written is visible.
    public func cancel() async {
        task.cancel()
        await state.cancelAll()
    }

    /// Waits for every request; the outcome of each by catalog key (none when the operation
    /// was made not to keep them: ``Reader/fetch(_:keepingOutcomes:)``).
    public func results() async -> [String: Result<FetchResult, ReaderError>] {
        await task.value
    }
}
