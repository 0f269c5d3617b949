import Foundation
import ReaderPluginAPI
import ReaderSupport
import ReaderWorkers
import Testing

/// A parser worker keeps its thread from one parse to the next (``ParseThread``), and lets it go
/// with a parse that took too long: the next parse on that worker runs at once, on a thread of
/// its own, while the abandoned one is still stuck.
@Suite struct ParseThreadTests {
    /// Synthetic: a module that never returns from `stuck` until the test lets it go, and
    /// parses anything else at once.
    struct Holding: ParserModule {
        let descriptor = ModuleDescriptor(name: "holding", requestTypes: ["holding"], version: "1", summary: "")
        let release: DispatchSemaphore
        func parse(_ input: ParseInput) throws -> Document {
            if input.bytes == Array("stuck".utf8) { release.wait() }
            return Document(source: "holding", key: input.key, title: String(decoding: input.bytes, as: UTF8.self))
        }
    }

    @Test func theParseAfterAnAbandonedOneRunsWhileThatOneIsStillStuck() async throws {
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let module = Holding(release: release)
        let pool = ParserPool(size: 1, timeLimit: 1)
        await #expect(throws: ReaderError.self) {
            try await pool.parse(module, ParseInput(bytes: Array("stuck".utf8), requestType: "holding", key: "a"))
        }
        // The one worker's thread is still in the stuck parse: this one must not wait behind it
        // (it would, past its own time limit, and fail as abandoned too).
        for round in 0..<3 {
            let parsed = try await pool.parse(module, ParseInput(bytes: Array("page \(round)".utf8), requestType: "holding", key: "b"))
            #expect(parsed.title == "page \(round)")
        }
    }

    /// A parse under a short limit is abandoned at its own limit even while one under a long
    /// limit, begun before it, still runs: the one thread that watches every limit wakes for
    /// the earliest, not for the one it was sleeping until (``ParseDeadlines``).
    @Test(.timeLimit(.minutes(1))) func aShortLimitAddedAfterALongOneIsKeptFirst() async throws {
        let release = DispatchSemaphore(value: 0)
        let module = Holding(release: release)
        let patient = ParserPool(size: 1, timeLimit: 30)
        let hasty = ParserPool(size: 1, timeLimit: 1)
        let long = Task { try await patient.parse(module, ParseInput(bytes: Array("stuck".utf8), requestType: "holding", key: "a")) }
        // The long limit is added first (its parse is under way once the pool's worker runs it).
        try await Task.sleep(for: .milliseconds(200))
        await #expect(throws: ReaderError.self) {
            try await hasty.parse(module, ParseInput(bytes: Array("stuck".utf8), requestType: "holding", key: "b"))
        }
        // Had the watcher slept until the long limit, the short one would have waited for it,
        // and the long one would be abandoned too: it ends with its document once let go.
        release.signal()
        release.signal()
        let parsed = try await long.value
        #expect(parsed.title == "stuck")
    }
}
