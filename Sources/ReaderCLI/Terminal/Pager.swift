import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `$PAGER` (default `less -R`, with `LESS=FRX` unless set), run as git runs it.
///
/// The pager is spawned with `posix_spawn` and no process group of its own, so it stays in the
/// terminal's foreground group and may read the keyboard. (Foundation's `Process` spawns with
/// `POSIX_SPAWN_SETPGROUP`: the terminal then stops `less` as a background reader, and
/// `reader open 793` showed a blank screen and hung.) While the pager runs, `reader` ignores
/// Ctrl-C and Ctrl-\ — they are the pager's keys — and waits for it, so the shell prompt comes
/// back only when the pager is gone, and no zombie is left.
enum Pager {
    enum Outcome: Equatable {
        /// The pager showed the text and has exited (also when quit before reading it all).
        case shown
        /// No pager is wanted (`PAGER` is `cat` or empty).
        case notWanted
        /// The pager could not be started; the text is still to be written.
        case failed(String)
    }

    /// The pager command: `$PAGER`, else `less -R`.
    static func command(_ environment: [String: String]) -> String? {
        guard let value = environment["PAGER"] else { return "less -R" }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// Shows `text` (already sanitized) through the pager.
    static func show(_ text: String) -> Outcome {
        var environment = Console.current.environment
        guard let command = command(environment) else { return .notWanted }
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }

        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failed("no pipe for the pager") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        guard let child = spawn(command, stdin: readEnd, environment: environment) else {
            close(readEnd)
            close(writeEnd)
            return .failed("cannot start the pager '\(command)'")
        }
        close(readEnd)

        // Ctrl-C and Ctrl-\ belong to the pager now; a pager that quits early closes the pipe,
        // which is not an error (EPIPE, not death by SIGPIPE).
        let saved = ignore([SIGINT, SIGQUIT, SIGPIPE])
        defer { restore(saved) }
        writeAll(text, to: writeEnd)
        close(writeEnd)
        let status = wait(for: child)
        // `sh -c` exits 127 when it cannot find the command and writes its own line; treat that
        // as a pager that did not start, so the text is still shown.
        if status == 127 { return .failed("the pager '\(command)' was not found") }
        return .shown
    }

    /// The pager's words (or `/bin/sh -c COMMAND`) with `stdin` as its standard input, in this process's group, with
    /// default signal dispositions and an empty signal mask.
    private static func spawn(_ command: String, stdin: Int32, environment: [String: String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, stdin)

        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        // Deliberately no POSIX_SPAWN_SETPGROUP: the pager must be in the foreground group.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = words(command) ?? ["/bin/sh", "-c", command]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cVariables = variables.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cVariables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, &cVariables)
        return result == 0 ? pid : nil
    }

    /// The words of a command with nothing for a shell to do (`less -R`), run without one, so
    /// that a pager that is not installed is one clear failure here rather than a line from
    /// `sh`; nil when the command needs a shell (quotes, pipes, variables…), as git decides.
    static func words(_ command: String) -> [String]? {
        let shellCharacters = Set("|&;<>()$`\\\"'*?[#~=%{}")
        guard !command.contains(where: shellCharacters.contains) else { return nil }
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        return words.isEmpty ? nil : words
    }

    /// The exit status of `pid` (128 + signal when killed), waiting through EINTR.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 0 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func writeAll(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var done = 0
            while done < buffer.count {
                let count = write(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return  // EPIPE: the pager was quit before the end
                }
                done += count
            }
        }
    }

    private static func ignore(_ signals: [Int32]) -> [(Int32, sigaction)] {
        signals.map { signal in
            var ignore = SignalAction.make(SIG_IGN)
            var previous = sigaction()
            sigaction(signal, &ignore, &previous)
            return (signal, previous)
        }
    }

    private static func restore(_ saved: [(Int32, sigaction)]) {
        for (signal, action) in saved {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}
