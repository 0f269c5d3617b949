import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` in a process group of its own, for the tests
/// that need what Foundation's `Process` hides: a SIGKILL at any instant, a pseudo-terminal as
/// its stdout, and its own peak memory.
///
/// Peak memory: `wait4`'s `ru_maxrss` is no use here, because Linux starts a spawned child's
/// maximum at the resident size of the process it was spawned from (the test runner, hundreds
/// of megabytes). So the child runs under GNU `time`, small and forking, which reports its
/// child's true peak; without `/usr/bin/time` it is the highest `VmHWM` seen in `/proc` while
/// the child runs (a lower bound).
public final class ChildProcess: @unchecked Sendable {
    // Mutable state (the parent's ends of the pipes, the buffers) is touched only by the one
    // task that awaits `wait`; `pid` is immutable, so `kill` is safe from anywhere.

    /// Where the child's stdout goes.
    public enum Output: Sendable {
        /// A pipe the parent reads.
        case pipe
        /// A pseudo-terminal, so that the child believes it writes to a terminal.
        case terminal
    }

    public struct Exit: Sendable, CustomStringConvertible {
        /// The exit code, or nil when a signal ended the process.
        public var status: Int32?
        /// The signal that ended the process, if one did.
        public var signal: Int32?
        /// The child's peak resident memory in bytes, when asked for.
        public var peakMemory: Int?
        public var stdoutBytes: [UInt8]
        public var stderrBytes: [UInt8]
        public var seconds: Double

        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
        public var description: String {
            let ending = status.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
            return "\(ending) after \(String(format: "%.2f", seconds)) s\(peakMemory.map { ", peak \($0 >> 20) MB" } ?? "")\n"
                + "stdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
        }
    }

    public let pid: pid_t
    private let started = Date()
    /// Where GNU `time` writes the peak, when the child runs under it.
    private let timeReport: String?
    private let pollMemory: Bool
    private var highWater = 0
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private var stdoutBytes: [UInt8] = []
    private var stderrBytes: [UInt8] = []

    static let gnuTime = "/usr/bin/time"

    /// Starts `path arguments…` with exactly `environment`, stdin from `input` (a file), else
    /// from /dev/null.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String], output: Output = .pipe,
        measureMemory: Bool = false, input: String? = nil
    ) throws {
        var command = [path] + arguments
        var report: String?
        if measureMemory && access(Self.gnuTime, X_OK) == 0 {
            let file = NSTemporaryDirectory() + "/peak-\(UUID().uuidString)"
            command = [Self.gnuTime, "-f", "%M", "-o", file] + command
            report = file
        }
        timeReport = report
        pollMemory = measureMemory && report == nil
        var outRead: Int32 = -1
        var outWrite: Int32 = -1
        switch output {
        case .pipe:
            (outRead, outWrite) = try Self.makePipe()
        case .terminal:
            (outRead, outWrite) = try Self.makeTerminal()
        }
        let (errRead, errWrite) = try Self.makePipe()
        defer {
            close(outWrite)
            close(errWrite)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outWrite, 1)
        posix_spawn_file_actions_adddup2(&actions, errWrite, 2)
        // Nothing else of the runner's: a child holding the write end of another test's pipe
        // keeps that test waiting for an end of file until this child exits, and tests wait
        // on each other in a circle.
        _ = c_posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        // The test runner may ignore or block signals; the child gets the defaults a shell gives.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // A process group of its own, so that a kill reaches `time`'s child too.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(outRead)
            close(errRead)
            throw HarnessError("cannot start \(command[0]): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        stdoutFD = outRead
        stderrFD = errRead
    }

    deinit {
        if stdoutFD >= 0 { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
    }

    /// Sends `signal` (SIGKILL by default) to the child's process group.
    public func kill(_ signal: Int32 = SIGKILL) {
        _ = signalGroup(pid, signal)
    }

    /// Whether the child has ended (it is not reaped: ``wait(timeout:)`` still reports it).
    public var hasEnded: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits for the child to end, reading its output meanwhile; kills it after `timeout`
    /// seconds and throws.
    public func wait(timeout: TimeInterval = 120) async throws -> Exit {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while true {
            let readSomething = drain()
            if pollMemory { highWater = max(highWater, Self.residentHighWater(of: pid)) }
            var status: Int32 = 0
            var usage = rusage()
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid {
                while drain() {}
                closeOutputs()
                if timedOut {
                    throw HarnessError("the child took over \(timeout) s and was killed")
                }
                let signalled = status & 0x7F != 0
                return Exit(
                    status: signalled ? nil : (status >> 8) & 0xFF, signal: signalled ? status & 0x7F : nil,
                    peakMemory: peak(), stdoutBytes: stdoutBytes, stderrBytes: stderrBytes,
                    seconds: Date().timeIntervalSince(started))
            }
            if reaped < 0 && errno != EINTR {
                closeOutputs()
                throw HarnessError("wait4(\(pid)): \(String(cString: strerror(errno)))")
            }
            if !timedOut && Date() > deadline {
                timedOut = true
                kill()
            }
            if !readSomething { try? await Task.sleep(nanoseconds: 2_000_000) }
        }
    }

    /// The peak memory of the child, as `time` reported it or as seen in `/proc`.
    private func peak() -> Int? {
        if let timeReport {
            defer { unlink(timeReport) }
            // The last line is the peak in kB (a line before it may say how the command ended).
            let text = (try? String(contentsOfFile: timeReport, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").last.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return pollMemory ? highWater : nil
    }

    /// `VmHWM` of `pid`, in bytes; 0 when it cannot be read.
    private static func residentHighWater(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// Reads what the child has written so far; true when anything was read.
    private func drain() -> Bool {
        var any = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        for which in 0..<2 {
            let fd = which == 0 ? stdoutFD : stderrFD
            guard fd >= 0 else { continue }
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if which == 0 { stdoutBytes += chunk[0..<count] } else { stderrBytes += chunk[0..<count] }
                    any = true
                    continue
                }
                // EOF, or EIO from a terminal whose child side has closed: this output is done.
                if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    close(fd)
                    if which == 0 { stdoutFD = -1 } else { stderrFD = -1 }
                }
                break
            }
        }
        return any
    }

    private func closeOutputs() {
        if stdoutFD >= 0 { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
        stdoutFD = -1
        stderrFD = -1
    }

    /// A pipe whose read end (the parent's) does not block; both ends close on exec.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard c_pipe2(&fds, O_CLOEXEC) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    /// A pseudo-terminal: the parent reads the master (without blocking), the child writes the slave.
    private static func makeTerminal() throws -> (read: Int32, write: Int32) {
        let master = c_posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, c_grantpt(master) == 0, c_unlockpt(master) == 0, let name = c_ptsname(master) else {
            throw HarnessError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw HarnessError("cannot open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        // Raw output: the terminal must not turn "\n" into "\r\n", so the bytes compare as written.
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        return (master, slave)
    }
}

// glibc functions the Glibc module does not import (they need _GNU_SOURCE or _XOPEN_SOURCE;
// posix_spawn_file_actions_addclosefrom_np is glibc 2.34 or later).
@_silgen_name("pipe2") private func c_pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
@_silgen_name("posix_openpt") private func c_posix_openpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func c_grantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func c_unlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func c_ptsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>?
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func c_posix_spawn_file_actions_addclosefrom_np(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// `kill(-pid, signal)`: every process of the group, by a name `ChildProcess.kill` does not hide.
private func signalGroup(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(-pid, signal)
}
