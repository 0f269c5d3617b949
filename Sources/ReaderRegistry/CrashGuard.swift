import CCrashGuard
import Foundation
import ReaderSupport

/// A crash inside a third-party module becomes one line naming it and exit 5, not a bare
/// "Segmentation fault" (`Sources/CCrashGuard`: a signal handler on an alternate stack).
enum CrashGuard {
    /// Runs `body`, a call into a module's library; `line` is what a crash in it prints.
    static func during<T>(_ line: String, _ body: () throws -> T) rethrows -> T {
        reader_crash_guard_install()
        let safe = TerminalSanitizer.clean(line.replacingOccurrences(of: "\n", with: " "), colour: false)
        safe.withCString { reader_crash_guard_enter($0, safe.utf8.count) }
        defer { reader_crash_guard_leave() }
        return try body()
    }
}
