import ReaderPluginAPI

/// Parses on a bounded set of actor-isolated workers, so that a bulk fetch never runs more
/// parsers at once than there are cores to run them, however many downloads are in flight.
public actor ParserPool {
    /// One worker: an actor, so that each parse runs isolated from every other.
    actor Worker {
        func parse(_ module: any ParserModule, _ input: ParseInput) throws -> Document {
            try module.parse(input)
        }
    }

    private var idle: [Worker]
    private var waiting: [CheckedContinuation<Worker, Never>] = []

    public init(size: Int) {
        idle = (0..<max(1, size)).map { _ in Worker() }
    }

    /// Parses `input` with `module` on the next free worker.
    public func parse(_ module: any ParserModule, _ input: ParseInput) async throws -> Document {
        let worker = await checkout()
        defer { checkin(worker) }
        try Task.checkCancellation()
        do {
            return try await worker.parse(module, input)
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
