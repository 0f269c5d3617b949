import Foundation
import ReaderPluginAPI
import ReaderSupport

/// Parses on a bounded set of actor-isolated workers, so that a bulk fetch never runs more
/// parsers at once than there are cores to run them, however many downloads are in flight.
///
/// Each worker parses on a thread it keeps (``ParseThread``), not on the async runtime's few
/// threads, and waits for each parse at most `timeLimit`: a module stuck on some input is
/// reported and abandoned, so the command ends (exit 5). Abandoned is all it can be: a thread
/// cannot be stopped from outside, so it runs on until the process exits, and the worker's
/// next parse starts a thread of its own.
public actor ParserPool {
    /// One worker: an actor, so that each parse runs isolated from every other.
    actor Worker {
        /// Made at the first parse, and again after one was abandoned.
        private var thread: ParseThread?

        deinit { thread?.close() }

        package func parse(_ module: any ParserModule, _ input: ParseInput, timeLimit: Double) async throws -> Document {
            let thread = self.thread ?? ParseThread()
            self.thread = thread
            defer { if thread.isClosed { self.thread = nil } }
            return try await BoundedCall.run(on: thread, timeLimit: timeLimit, module: module.descriptor.name) { try module.parse(input) }
        }
    }

    private var idle: [Worker]
    private var waiting: [CheckedContinuation<Worker, Never>] = []
    private let timeLimit: Double

    /// `timeLimit`: seconds one parse may take before it is abandoned.
    public init(size: Int, timeLimit: Double = 60) {
        idle = (0..<max(1, size)).map { _ in Worker() }
        self.timeLimit = timeLimit
    }

    /// Parses `input` with `module` on the next free worker.
    public func parse(_ module: any ParserModule, _ input: ParseInput) async throws -> Document {
        try await parse(module) { input }
    }

    /// Parses with `module` the input `read` gives once a worker is free: a body waiting for a
    /// worker stays on disk, not in memory.
    package func parse(_ module: any ParserModule, reading read: () throws -> ParseInput) async throws -> Document {
        let worker = await checkout()
        defer { checkin(worker) }
        try Task.checkCancellation()
        do {
            return try await worker.parse(module, try read(), timeLimit: timeLimit)
        } catch let error as ParseError {
            throw ReaderError.parse(error)
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError.parse(ParseError(module: module.descriptor.name, reason: "\(error)"))
        }
    }

    private func checkout() async -> Worker {
        if let worker = idle.popLast() { return worker }
        return await withCheckedContinuation { waiting.append($0) }
    }

    private func checkin(_ worker: Worker) {
        if waiting.isEmpty {
            idle.append(worker)
        } else {
            waiting.removeFirst().resume(returning: worker)
        }
    }
}

/// A call on a worker's thread, waited for at most a time limit: past it, the thread is let go
/// with the call it runs.
enum BoundedCall {
    static func run(
        on thread: ParseThread, timeLimit: Double, module: String, _ body: @escaping @Sendable () throws -> Document
    ) async throws -> Document {
        let outcome = Outcome()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.set(continuation)
            thread.run { outcome.finish(Result { try body() }) }
            let deadline = ParseDeadlines.shared.add(after: timeLimit) {
                // The parse runs on; its thread ends with it, closed before the worker hears of
                // the time-out, so that it starts another for its next parse.
                outcome.finish(
                    .failure(
                        ReaderError.parse(
                            ParseError(
                                module: module, reason: "took longer than \(Int(timeLimit)) s (READER_PARSE_TIMEOUT); abandoned"))),
                    first: { thread.close() })
            }
            outcome.onFinish { ParseDeadlines.shared.remove(deadline) }
        }
    }

    /// Resumes the continuation once: with the parse's result or the timeout, whichever is first.
    final class Outcome: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Document, any Error>?
        private var done = false
        private var cleanup: (@Sendable () -> Void)?

        func set(_ continuation: CheckedContinuation<Document, any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        func onFinish(_ body: @escaping @Sendable () -> Void) {
            let finished = lock.withLock {
                if !done { cleanup = body }
                return done
            }
            if finished { body() }
        }

        /// `first` runs when this is the first end (the one the caller gets), before the caller
        /// is resumed.
        func finish(_ result: Result<Document, any Error>, first: () -> Void = {}) {
            let (isFirst, continuation, cleanup) = lock.withLock {
                () -> (Bool, CheckedContinuation<Document, any Error>?, (@Sendable () -> Void)?) in
                guard !done else { return (false, nil, nil) }
                done = true
                defer { self.continuation = nil }
                return (true, self.continuation, self.cleanup)
            }
            if isFirst { first() }
            continuation?.resume(with: result)
            cleanup?()
        }
    }
}
