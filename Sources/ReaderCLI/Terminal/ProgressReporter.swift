import Foundation
import ReaderKit

/// Shows a fetch's progress on stderr: a bar redrawn in place on a terminal (count, bytes,
/// rate, ETA), plain lines otherwise.
final class ProgressReporter: @unchecked Sendable {
    // Only used from the one task that reads the event stream.
    private let total: Int
    private let bar: Bool
    private let start = Date()
    private var done = 0
    private var bytes: [String: Int] = [:]
    private var lastDraw = Date.distantPast
    private let quiet: Bool

    private let verbose: Bool

    init(total: Int, quiet: Bool, verbose: Bool = false) {
        self.total = total
        self.quiet = quiet && !verbose
        self.verbose = verbose
        bar = Terminal.stderrIsTerminal && !verbose
    }

    func handle(_ event: ProgressEvent) {
        if verbose, case .queued(let key) = event {
            line("\(key): queued")
        }
        switch event {
        case .queued:
            return
        case .inProgress(let key, let count, _):
            bytes[key] = count
        case .finished(let key, let result):
            done += 1
            bytes[key] = result.bytesFetched
            if !bar && !quiet && result.status == .fetched { line("fetched \(key) (\(ByteCount.format(result.bytesFetched)))") }
        case .failed(let key, let error):
            done += 1
            // A single request's failure is the command's own error line; don't say it twice.
            if !quiet { line("\(key): \(error)") }
        case .cancelled:
            done += 1
        }
        draw()
    }

    func finish() {
        if bar && !quiet { Terminal.status("\r\u{1B}[K") }
    }

    private func line(_ text: String) {
        if bar { Terminal.status("\r\u{1B}[K") }
        Terminal.status(TerminalSanitizer.clean(text, colour: false) + "\n")
    }

    private func draw() {
        guard bar, !quiet else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        let received = bytes.values.reduce(0, +)
        let elapsed = max(0.001, now.timeIntervalSince(start))
        let rate = Double(received) / elapsed
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let barText = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let eta = done > 0 && done < total ? String(format: " ETA %d:%02d", Int(remaining) / 60, Int(remaining) % 60) : ""
        Terminal.status("\r\u{1B}[K[\(barText)] \(done)/\(total) \(ByteCount.format(received)) \(ByteCount.format(Int(rate)))/s\(eta)")
    }
}
