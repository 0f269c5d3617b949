import Foundation
import ReaderPluginAPI
import ReaderSupport

/// Parses on a bounded set of actor-isolated workers, so that a bulk fetch never runs more
/// parsers at once than there are cores to run them, however many downloads are in flight.
///
/// Each parse runs on a thread of its own, not on the async runtime's few threads, and is
/// waited for at most `timeLimit`: a module stuck on some input is reported and abandoned, so
/// the command ends (exit 5). Abandoned is all it can be: a thread cannot be stopped from
/// outside, so it runs on, holding its worker's slot, until the process exits.
public actor ParserPool {
    /// One worker: an actor, so that each parse runs isolated from every other.
    actor Worker {
        package func parse(_ module: any ParserModule, _ input: ParseInput, timeLimit: Double) async throws -> Document {
            try await BoundedCall.run(timeLimit: timeLimit, module: module.descriptor.name) { try module.parse(input) }
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

/// A call on a thread of its own, waited for at most a time limit.
enum BoundedCall {
    static func run(
        timeLimit: Double, module: String, _ body: @escaping @Sendable () throws -> Document
    ) async throws -> Document {
        let outcome = Outcome()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.set(continuation)
            let thread = Thread { outcome.finish(Result { try body() }) }
            // Parsers recurse on nested input; give them the stack a main thread has.
            thread.stackSize = 8 << 20
            thread.start()
            // A Dispatch timer, cancelled with the parse: a cancelled `Task.sleep` stays queued
            // until its deadline, so a mirror held a sleeping task for every parse of the last
            // minute (all 9,000 of a 35-second mirror: 400 bytes a document).
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + timeLimit)
            timer.setEventHandler {
                outcome.finish(
                    .failure(
                        ReaderError.parse(
                            ParseError(
                                module: module, reason: "took longer than \(Int(timeLimit)) s (READER_PARSE_TIMEOUT); abandoned"))))
            }
            timer.resume()
            let deadline = Deadline(timer)
            outcome.onFinish { deadline.cancel() }
        }
    }

    /// The parse's timer, cancelled from whichever thread ends the parse: a Dispatch source
    /// may be cancelled from any thread, which its type does not say.
    final class Deadline: @unchecked Sendable {
        private let timer: any DispatchSourceTimer
        init(_ timer: any DispatchSourceTimer) { self.timer = timer }
        func cancel() { timer.cancel() }
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

        func finish(_ result: Result<Document, any Error>) {
            let (continuation, cleanup) = lock.withLock { () -> (CheckedContinuation<Document, any Error>?, (@Sendable () -> Void)?) in
                guard !done else { return (nil, nil) }
                done = true
                defer { self.continuation = nil }
                return (self.continuation, self.cleanup)
            }
            continuation?.resume(with: result)
            cleanup?()
        }
    }
}
