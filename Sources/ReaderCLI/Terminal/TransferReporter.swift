import Foundation
import ReaderKit
import Synchronization

/// Shows a push's or pull's progress on stderr: on a terminal, the fetch's bar (blobs, bytes,
/// rate, ETA), redrawn at most ten times a second; nothing otherwise, where the summary line
/// says it all. Told from the transfer's tasks at once, hence the lock.
final class TransferReporter: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var bytes = 0
        var lastDraw = Date.distantPast
        var waitSaid = false
    }
    private let state = Mutex(State())
    private let bar: Bool
    private let start = Date()

    init() {
        bar = Terminal.stderrIsTerminal && !Terminal.isDumb
    }

    func handle(_ event: TransferEvent) {
        if case .waiting(let until) = event {
            // Said once, bar or not: a push that stands still should say why.
            guard
                state.withLock({ state in
                    defer { state.waitSaid = true }; return !state.waitSaid
                })
            else { return }
            let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(until)))
            return Terminal.error(
                "waiting for a 'reader cache gc --remote' under way to finish removing objects this push names (at most until \(when))")
        }
        guard bar else { return }
        let line: String? = state.withLock { state in
            switch event {
            case .planned(let blobs): state.total = blobs
            case .blob(let bytes):
                state.done += 1
                state.bytes += bytes
            case .waiting: return nil
            }
            let now = Date()
            guard now.timeIntervalSince(state.lastDraw) > 0.1 || state.done == state.total else { return nil }
            state.lastDraw = now
            let elapsed = max(0.001, now.timeIntervalSince(start))
            let remaining = state.done > 0 ? elapsed / Double(state.done) * Double(state.total - state.done) : 0
            let eta =
                state.done > 0 && state.done < state.total ? String(format: " ETA %d:%02d", Int(remaining) / 60, Int(remaining) % 60) : ""
            var figures = [
                "\(state.done)/\(state.total)", ByteCount.format(state.bytes),
                "\(ByteCount.format(Int(Double(state.bytes) / elapsed)))/s\(eta)",
            ]
            // The server's "slow down", next to the count.
            if let seconds = SlowDownBoard.shared.remaining {
                figures.insert("waiting \(seconds) s (the server asked to slow down)", at: 1)
            }
            return ProgressReporter.barLine(done: state.done, total: state.total, figures: figures, columns: Terminal.stderrColumns ?? 80)
        }
        guard let line else { return }
        Terminal.status("\r\u{1B}[K" + line)
        Terminal.statusLineShown = true
    }

    func finish() {
        if bar { Terminal.status("\r\u{1B}[K") }
        Terminal.statusLineShown = false
    }
}
