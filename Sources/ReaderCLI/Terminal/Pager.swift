import Foundation

/// `$PAGER` (default `less -R`), used only when stdout is a terminal.
enum Pager {
    /// Shows `text` (already sanitized) through the pager; false when none could be started.
    static func show(_ text: String) -> Bool {
        let command = ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        if command == "cat" { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return false
        }
        // A pager that quits early closes the pipe: ignore SIGPIPE rather than die of it.
        signal(SIGPIPE, SIG_IGN)
        try? pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
