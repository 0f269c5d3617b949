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
    /// Bytes received by the requests in flight, and by those that ended: a mirror of 50,000
    /// RFCs keeps eight counts and a sum, not 50,000, and a redraw adds eight numbers.
    private var bytes: [String: Int] = [:]
    private var endedBytes = 0
    /// Requests waiting because their server asked to slow down: until when.
    private var waits: [String: Date] = [:]
    private var lastDraw = Date.distantPast
    private let quiet: Bool

    private let verbose: Bool

    init(total: Int, quiet: Bool, verbose: Bool = false) {
        self.total = total
        self.quiet = quiet && !verbose
        self.verbose = verbose
        bar = Terminal.stderrIsTerminal && !Terminal.isDumb && !verbose
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
        case .waiting(let key, let seconds):
            waits[key] = seconds > 0 ? Date().addingTimeInterval(Double(seconds)) : nil
            if seconds > 0 && !bar && !quiet { line("\(key): the server asks to slow down; asking again in \(seconds) s") }
        case .finished(let key, let result):
            done += 1
            waits[key] = nil
            bytes[key] = nil
            endedBytes += result.bytesFetched
            if !bar && !quiet && result.status == .fetched { line("fetched \(key) (\(ByteCount.format(result.bytesFetched)))") }
        case .failed(let key, let error):
            done += 1
            waits[key] = nil
            endedBytes += bytes.removeValue(forKey: key) ?? 0
            // A single request's failure is the command's own error line; don't say it twice.
            // A URL request's message names its URL already (its key): once is enough.
            // A file a partial mirror lacks is counted in the summary, not said once each (a
            // mirror of 1,000 RFCs lacks 8,000 others); --verbose still names every one.
            let message = "\(error)"
            if !quiet && (verbose || !error.isNotInMirror) { line(message.hasPrefix(key + ":") ? message : "\(key): \(message)") }
        case .cancelled(let key):
            done += 1
            waits[key] = nil
            endedBytes += bytes.removeValue(forKey: key) ?? 0
        }
        // A request that ends is always drawn, however soon after the last: when the rest
        // stall, the bar must show where the fetch stands, not where it was 0.1 s earlier.
        if case .inProgress = event { draw() } else { draw(now: true) }
    }

    func finish() {
        if bar && !quiet { Terminal.status("\r\u{1B}[K") }
        Terminal.statusLineShown = false
    }

    private func line(_ text: String) {
        if bar { Terminal.status("\r\u{1B}[K") }
        Terminal.status(TerminalSanitizer.clean(text, colour: false) + "\n")
        Terminal.statusLineShown = false
    }

    private func draw(now force: Bool = false) {
        guard bar, !quiet else { return }
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        let received = endedBytes + bytes.values.reduce(0, +)
        let elapsed = max(0.001, now.timeIntervalSince(start))
        let rate = Double(received) / elapsed
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let eta = done > 0 && done < total ? String(format: " ETA %d:%02d", Int(remaining) / 60, Int(remaining) % 60) : ""
        var figures = ["\(done)/\(total)", ByteCount.format(received), "\(ByteCount.format(Int(rate)))/s\(eta)"]
        // The server's "slow down", next to the count: the longest wait still to come.
        if let until = waits.values.max() {
            figures.insert("waiting \(max(0, Int(until.timeIntervalSince(now).rounded(.up)))) s (\(waits.count) asked to slow down)", at: 1)
        }
        Terminal.status("\r\u{1B}[K" + Self.barLine(done: done, total: total, figures: figures, columns: Terminal.stderrColumns ?? 80))
        Terminal.statusLineShown = true
    }

    /// The bar and as many of its figures as fit in `columns - 3`: the last columns are left
    /// free for the terminal's echo of Ctrl-C (`^C`), which would otherwise wrap onto a row the
    /// interrupt message cannot clear, and a line that fills the last column makes some
    /// terminals wrap at once. Figures go first when
    /// space is short, the count last; the bar itself shrinks to between 10 and 24 cells, and
    /// goes when even 10 do not fit.
    static func barLine(done: Int, total: Int, figures: [String], columns: Int) -> String {
        let room = max(1, columns - 3)
        var shown = figures
        func text(_ barWidth: Int) -> String {
            let words = shown.joined(separator: " ")
            guard barWidth > 0 else { return words }
            let filled = total > 0 ? barWidth * min(done, total) / total : barWidth
            let bar = "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: barWidth - filled) + "]"
            return words.isEmpty ? bar : bar + " " + words
        }
        while true {
            let words = shown.joined(separator: " ").count
            let barWidth = min(24, room - words - 3)
            if barWidth >= 10 { return text(barWidth) }
            if shown.count > 1 { shown.removeLast() } else { break }
        }
        let alone = text(0)
        return alone.count <= room ? alone : String(alone.prefix(room))
    }
}
