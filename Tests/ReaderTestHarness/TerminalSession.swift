import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal with a person at it: a command run in a tmux pane of a given size, whose
/// screen can be read as a person sees it (`screen`), whose raw output bytes are recorded
/// (`rawOutput`, to prove no escape sequence was written), and which can be typed at (`type`,
/// `press`). Each session has its own tmux server (`-L`), so tests run in parallel.
///
/// tmux is a terminal emulator: what `less` draws with cursor movements is read back as the
/// lines on the screen, which a pipe can never show. `.ci/run` installs tmux.
public final class TerminalSession: Sendable {
    public let columns: Int
    public let rows: Int
    private let socket: String
    private let folder: String

    /// Starts `arguments` (the program first) in a pane of `columns` × `rows`, with exactly
    /// `environment` (plus `TERM=screen` unless given, as tmux sets it). The command starts
    /// once the raw output is being recorded; after it ends, the pane shows `[exit N]`.
    public init(columns: Int = 100, rows: Int = 30, environment: [String: String], _ arguments: [String]) throws {
        guard let tmux = TerminalSession.tmuxPath else {
            throw HarnessError("tmux is not installed (apt-get install tmux; .ci/run installs it): the terminal tests need a real terminal")
        }
        self.columns = columns
        self.rows = rows
        socket = "reader-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        folder = try temporaryFolder("terminal")
        var variables = environment
        if variables["TERM"] == nil { variables["TERM"] = "screen" }
        let go = folder + "/go"
        let assignments = variables.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
        // Job control on, as in a person's shell: the command runs in a process group of its
        // own, made the terminal's foreground group, and the shell is outside it, so Ctrl-C
        // reaches only the command (and its pager).
        let script = """
            set -m; while [ ! -e \(Self.quote(go)) ]; do sleep 0.02; done; \
            env -i \(assignments.joined(separator: " ")) \(arguments.map(Self.quote).joined(separator: " ")); \
            echo "[exit $?]"; exec sleep 3600
            """
        // The tmux server this starts keeps the client's standard output open for its life:
        // nothing is read from it, or the read would never end.
        try Self.run(
            tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "/bin/bash", "-c", script])
        try Self.run(tmux, ["-L", socket, "pipe-pane", "-o", "cat > " + Self.quote(folder + "/raw")])
        _ = FileManager.default.createFile(atPath: go, contents: Data())
    }

    deinit {
        // `kill-server` alone leaves this tmux (3.3) running when the pane's shell has job
        // control on; its processes are ended by hand too.
        guard let tmux = TerminalSession.tmuxPath else { return }
        let pids = (try? Self.output(tmux, ["-L", socket, "display-message", "-p", "#{pid} #{pane_pid}"])) ?? ""
        try? Self.run(tmux, ["-L", socket, "kill-server"])
        for pid in pids.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap({ Int32($0) }) where pid > 1 {
            kill(pid, SIGKILL)
        }
    }

    /// The screen as a person sees it now: one string per row, wrapped lines joined, trailing
    /// blanks removed; with `history`, the lines scrolled off the top too.
    public func screen(history: Bool = false) throws -> [String] {
        let arguments = ["-L", socket, "capture-pane", "-p", "-J"] + (history ? ["-S", "-"] : [])
        let text = try Self.output(try tmux(), arguments)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Types `text` as keys (each character literally).
    public func type(_ text: String) throws {
        try Self.run(try tmux(), ["-L", socket, "send-keys", "-l", text])
    }

    /// Presses named keys: `Enter`, `C-c`, `q`…
    public func press(_ keys: String...) throws {
        try Self.run(try tmux(), ["-L", socket, "send-keys"] + keys)
    }

    /// Waits until `condition` holds of the screen, reading it every 50 ms; throws with the
    /// screen as it was when `limit` seconds have passed. The limit is a ceiling for a stuck
    /// program, not a speed the test asserts.
    @discardableResult
    public func waitFor(
        _ what: String, history: Bool = false, limit: TimeInterval = 60, _ condition: ([String]) -> Bool
    )
        async throws -> [String]
    {
        let deadline = Date().addingTimeInterval(limit)
        var lines = try screen(history: history)
        while !condition(lines) {
            guard Date() < deadline else {
                throw HarnessError("the terminal never showed \(what); the screen:\n" + lines.joined(separator: "\n"))
            }
            try await Task.sleep(nanoseconds: 50_000_000)
            lines = try screen(history: history)
        }
        return lines
    }

    /// Waits for the command to end and returns its exit status (`[exit N]` on the screen).
    public func exitStatus(limit: TimeInterval = 60) async throws -> Int32 {
        let lines = try await waitFor("the command's end", history: true, limit: limit) { lines in
            lines.contains { $0.hasPrefix("[exit ") }
        }
        let marker = lines.last { $0.hasPrefix("[exit ") } ?? ""
        return Int32(marker.dropFirst("[exit ".count).prefix { $0.isNumber }) ?? -1
    }

    /// Presses `key` to leave a pager and returns the command's exit status. A person whose
    /// key seemed lost presses it again, and so does this, every `patience` seconds until
    /// `limit`: once in 700 CI runs on a loaded machine, `less` showed its prompt a minute
    /// after a `q` that followed a Ctrl-C (never reproduced by hand). A pager that never quits,
    /// or a command that died of the Ctrl-C, still fails: the status is the caller's to check.
    public func quit(pressing key: String = "q", patience: TimeInterval = 5, limit: TimeInterval = 60) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(limit)
        var presses = 0
        while true {
            try press(key)
            presses += 1
            do {
                let status = try await exitStatus(limit: min(patience, max(deadline.timeIntervalSinceNow, 0)))
                if presses > 1 { print("terminal: \(key) pressed \(presses) times before the command ended") }
                return status
            } catch is HarnessError where Date() < deadline {
                continue
            } catch {
                let processes = (try? leftoverProcesses()) ?? []
                throw HarnessError("\(error) (\(key) pressed \(presses) times; processes left: \(processes))")
            }
        }
    }

    /// Every byte the command wrote to the terminal so far.
    public var rawOutput: [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/raw")))) ?? []
    }

    /// The names and states of the processes still in the pane's session, other than its shell
    /// and the `sleep` that keeps the pane open: a pager left behind shows up here.
    public func leftoverProcesses() throws -> [String] {
        let pane = try Self.output(try tmux(), ["-L", socket, "display-message", "-p", "#{pane_pid}"])
        guard let session = Int32(pane.trimmingCharacters(in: .whitespacesAndNewlines)) else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard let pid = Int32(entry), pid != session,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let name = String(stat[stat.index(after: open)..<close])
            // Fields after the name: state, ppid, pgrp, session.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, Int32(fields[3]) == session, name != "sleep" else { return nil }
            return "\(name) (\(fields[0]))"
        }
    }

    // MARK: - tmux

    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private func tmux() throws -> String {
        guard let path = Self.tmuxPath else { throw HarnessError("tmux is not installed") }
        return path
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        _ = try spawn(tool, arguments, capture: false)
    }

    private static func output(_ tool: String, _ arguments: [String]) throws -> String {
        try spawn(tool, arguments, capture: true)
    }

    /// Runs a tmux command with `posix_spawn` and `waitpid`, not Foundation's `Process`: on
    /// Linux, `Process` learns of a child's end from a pipe the child inherits, and the tmux
    /// server that `new-session` leaves behind inherits it too, so `waitUntilExit` never returned.
    private static func spawn(_ tool: String, _ arguments: [String], capture: Bool) throws -> String {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError("no pipe for tmux") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if capture {
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var cArguments = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool, &actions, nil, &cArguments, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw HarnessError("cannot run \(tool): error \(spawned)") }
        var output: [UInt8] = []
        if capture {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output += buffer[0..<count]
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: output, as: UTF8.self)
        guard status == 0 else {
            throw HarnessError("tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }
}
