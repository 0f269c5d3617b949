import Foundation
import ReaderKit
import Synchronization

/// The process's terminal: whether stdout/stderr are terminals, their width, colour, and
/// writing. Text meant for people always leaves through ``TerminalSanitizer`` here.
enum Terminal {
    static var stdoutIsTerminal: Bool { !Console.current.isCaptured && isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { !Console.current.isCaptured && isatty(STDERR_FILENO) == 1 }

    /// The environment of the running command (the process's, or a test's: ``Console``).
    static var environment: [String: String] { Console.current.environment }

    /// `TERM=dumb` (Emacs' shell, some CI logs): a terminal that cannot move the cursor or
    /// show styles, so `reader` writes no escape sequence at all to it — no colour, no progress
    /// bar redrawn in place, no pager.
    static var isDumb: Bool { environment["TERM"] == "dumb" }

    /// Colour is off when `NO_COLOR` is set, the terminal is dumb, or stdout is not a terminal.
    static var colour: Bool {
        stdoutIsTerminal && !isDumb && environment["NO_COLOR"] == nil
    }

    /// Columns of the terminal on stderr, where the progress bar is drawn: the bar must fit
    /// them exactly, or each redraw leaves a wrapped line behind. Nil when not a terminal.
    static var stderrColumns: Int? {
        var size = winsize()
        guard stderrIsTerminal, ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        }
        return Int(size.ws_col)
    }

    /// Whether a status line is on stderr now (the progress bar), which a message must first
    /// clear so that it starts at the beginning of a line. Set by the progress reporter, read
    /// by the Ctrl-C thread too.
    static var statusLineShown: Bool {
        get { statusLineLock.withLock { statusLineFlag } }
        set { statusLineLock.withLock { statusLineFlag = newValue } }
    }
    private static let statusLineLock = NSLock()
    nonisolated(unsafe) private static var statusLineFlag = false

    /// Columns to wrap to: the terminal's, else `COLUMNS`, else 80; never wider than 100,
    /// past which lines are hard to read.
    static var width: Int {
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(100, Int(size.ws_col))
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return min(100, columns)
        }
        return 80
    }

    /// Writes text for people to stdout, sanitized.
    static func print(_ text: String) {
        write(TerminalSanitizer.clean(text.hasSuffix("\n") ? text : text + "\n", colour: colour), to: STDOUT_FILENO)
    }

    /// Writes machine output (JSON) to stdout as it is.
    static func printRaw(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    /// One line on stderr, prefixed with `reader:`.
    static func error(_ message: String) {
        // Scalar by scalar, as `replacingOccurrences` compares, without bridging to `NSString`
        // (whose first use is runtime type lookups: 2 % of a `find` that matches nothing).
        let line = "reader: " + String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
        // A message must not be appended to the progress bar's line.
        let start = statusLineShown ? "\r\u{1B}[K" : ""
        write(start + redacted(TerminalSanitizer.clean(line + "\n", colour: false)), to: STDERR_FILENO)
    }

    /// Writes to stderr as it is (progress bars, progress lines already sanitized).
    static func status(_ text: String) {
        write(redacted(text), to: STDERR_FILENO)
    }

    /// The secrets `reader` was given (`READER_X_BEARER_TOKEN`, …), which nothing it writes to
    /// stderr may contain: a server that echoes the token in an error body cannot make
    /// `reader` print it.
    static var secrets: [String] {
        Console.current.environmentSecrets + heldSecrets.withLock { $0 }
    }

    /// Secrets read from files rather than the environment (a remote's credentials from
    /// `~/.aws/credentials`), told here once read so that no line shows them either.
    static let heldSecrets = Mutex<[String]>([])

    /// `text` without any form of a secret (``SecretRedaction``).
    static func redacted(_ text: String) -> String {
        redaction(for: secrets).redact(text)
    }

    /// The redaction of the secrets last asked for, kept: made of every form and every window
    /// of each secret, it was made again for each line.
    private static let lastRedaction = Mutex<(secrets: [String], redaction: SecretRedaction)?>(nil)

    private static func redaction(for secrets: [String]) -> SecretRedaction {
        if let kept = lastRedaction.withLock({ $0 }), kept.secrets == secrets { return kept.redaction }
        let made = SecretRedaction(secrets)
        lastRedaction.withLock { $0 = (secrets, made) }
        return made
    }

    static func write(_ text: String, to fd: Int32) {
        if let capture = Console.current.capture {
            capture(fd == STDERR_FILENO ? .error : .output, text)
            return
        }
        let bytes = Array(text.utf8)
        let total = bytes.count
        var done = 0
        while done < total {
            let count = bytes.withUnsafeBytes { buffer in
                Foundation.write(fd, buffer.baseAddress.map { $0 + done }, total - done)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            done += count
        }
    }
}

/// Byte counts for people: `1.9 MB`.
enum ByteCount {
    static func format(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value >= 1_000_000_000 { return String(format: "%.1f GB", value / 1_000_000_000) }
        if value >= 1_000_000 { return String(format: "%.1f MB", value / 1_000_000) }
        if value >= 1_000 { return String(format: "%.1f kB", value / 1_000) }
        return "\(bytes) B"
    }
}
