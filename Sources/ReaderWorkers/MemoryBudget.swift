import ReaderPluginAPI
import ReaderSupport
import Synchronization

/// The memory the parses of one process may hold at once. A download costs a buffer (its
/// bytes go to the store as they come), but a parse holds its whole input and the document
/// it makes: about ``perInputByte`` bytes for each byte of input, measured on the largest
/// inputs (a million-line RFC index). Parses wait until their share is free, so `--jobs 16`
/// of large bodies parse a few at a time instead of all at once; an input whose parse alone
/// would take more than the whole budget is refused before it is read into memory.
public final class MemoryBudget: Sendable {
    /// Bytes held per byte of input while it is parsed and stored.
    public static let perInputByte = 3

    public let total: Int
    /// Documents parsed or being stored at once. A parsed document waits for its commit (a
    /// compression and an fsync) outside the parser's slot; without a bound, a mirror at
    /// `--jobs 32` on a busy machine piles up parsed documents behind slow commits.
    public let holders: Int
    /// More documents at once, up to this many, while the shares held stay within
    /// ``lightBytes``: commits in flight together share their flushes and their index
    /// transaction, so a mirror of small documents keeps more of them in flight, and one of
    /// large documents no more than ``holders`` (eight of the benchmark's 266 KB copies in
    /// flight took the mirror's peak past the 64 MiB budget: 65.7 MiB).
    public let lightHolders: Int
    /// The shares held beyond which no more than ``holders`` documents are admitted.
    public let lightBytes: Int
    private struct State {
        var used = 0
        var holding = 0
        var waiting: [(bytes: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    public init(total: Int, holders: Int = .max, lightHolders: Int = 0, lightBytes: Int = 0) {
        self.total = max(1, total)
        self.holders = max(1, holders)
        self.lightHolders = lightHolders
        self.lightBytes = lightBytes
    }

    /// Whether a share of `bytes` fits beside `holding` shares of `used` bytes.
    func admits(_ bytes: Int, used: Int, holding: Int) -> Bool {
        guard used + bytes <= total else { return false }
        return holding < holders || (holding < lightHolders && used + bytes <= lightBytes)
    }

    private func admits(_ bytes: Int, _ state: State) -> Bool {
        admits(bytes, used: state.used, holding: state.holding)
    }

    /// What parsing `inputBytes` costs.
    static func cost(ofParsing inputBytes: Int) -> Int {
        inputBytes.multipliedReportingOverflow(by: perInputByte).overflow ? Int.max : inputBytes * perInputByte
    }

    /// Runs `body` once `cost(ofParsing: inputBytes)` is free; throws without running it when
    /// that is more than the whole budget.
    package func withShare<T>(forParsing inputBytes: Int, of what: String, _ body: () async throws -> T) async throws -> T {
        let bytes = Self.cost(ofParsing: inputBytes)
        guard bytes <= total else {
            throw ReaderError.parse(
                ParseError(
                    module: "reader", location: what,
                    reason: "\(inputBytes >> 20) MiB is more than reader parses within its memory budget of \(total >> 20) MiB "
                        + "(a parse holds about \(Self.perInputByte)× its input; READER_MEMORY_BUDGET raises it)"))
        }
        await acquire(bytes)
        defer { release(bytes) }
        return try await body()
    }

    private func acquire(_ bytes: Int) async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                // First come, first served: a large share is not overtaken forever by small ones.
                guard state.waiting.isEmpty, admits(bytes, state) else {
                    state.waiting.append((bytes, continuation))
                    return false
                }
                state.used += bytes
                state.holding += 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release(_ bytes: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.used -= bytes
            state.holding -= 1
            var ready: [CheckedContinuation<Void, Never>] = []
            while let first = state.waiting.first, admits(first.bytes, state) {
                state.used += first.bytes
                state.holding += 1
                ready.append(state.waiting.removeFirst().continuation)
            }
            return ready
        }
        ready.forEach { $0.resume() }
    }
}
