import Foundation
import NIOConcurrencyHelpers
import ReaderCLI

/// Runs `reader` as a user would, with its own environment: in process or as the built binary.
public struct ReaderBinary: Sendable {
    /// How ``run(_:timeout:input:)`` runs a command. One test body serves both, as Hummingbird's
    /// test client serves a router in process or a live server: in process
    /// (`ReaderCommand.execute` with a console that keeps what it writes) a command costs no
    /// process start; the binary is for what only a process shows (kill -9, Ctrl-C, a
    /// terminal, peak memory, a module that crashes or never returns, standard input).
    public enum Runner: String, Sendable, CaseIterable, CustomStringConvertible {
        case inProcess, binary
        public var description: String { rawValue }
    }

    public struct Run: Sendable, CustomStringConvertible {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var description: String { "exit \(status)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))" }
    }

    public let path: String
    public var environment: [String: String]
    public var runner: Runner

    /// The binary built beside the test bundle (`.build/<triple>/debug/reader`).
    /// `READER_TEST_RUNNER=binary` runs every test body through the binary, as a live check of
    /// what runs in process.
    public init(environment: [String: String] = [:], runner: Runner = .binary) throws {
        self.runner = ProcessInfo.processInfo.environment["READER_TEST_RUNNER"] == "binary" ? .binary : runner
        let here: URL = URL(fileURLWithPath: #filePath)
        let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        var candidates: [String] = folders.map { $0.appendingPathComponent("reader").path }
        if let explicit = ProcessInfo.processInfo.environment["READER_BINARY"] { candidates.insert(explicit, at: 0) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw HarnessError("the reader binary was not built; looked in \(candidates)")
        }
        path = found
        // No pictures unless a test asks for them: the corpus pages name their pictures at
        // their publishers' hosts, which a test must never reach (the picture tests serve
        // theirs on loopback and set READER_PAGE_PICTURES).
        self.environment = ["READER_PAGE_PICTURES": "0"].merging(environment) { $1 }
    }

    /// Runs `reader arguments…` and waits at most `timeout` seconds. Its output is read without
    /// blocking a thread (see ``ChildProcess``), so many tests can run `reader` at once.
    public func run(_ arguments: [String], timeout: TimeInterval = 120, input: String? = nil) async throws -> Run {
        if runner == .inProcess && input == nil { return await runInProcess(arguments) }
        let exit: ChildProcess.Exit
        do {
            exit = try await spawn(arguments, input: input).wait(timeout: timeout)
        } catch let error as HarnessError {
            throw HarnessError("reader \(arguments.joined(separator: " ")): \(error)")
        }
        return Run(status: exit.status ?? 128 + (exit.signal ?? 0), stdout: exit.stdout, stderr: exit.stderr)
    }

    /// `reader arguments…` in this process, its output kept. The time limit is the test's own.
    private func runInProcess(_ arguments: [String]) async -> Run {
        var arguments = arguments
        // In process, a command shares the test process's threads with every other test: on a
        // loaded two-core CI run, `fetch rfc-index` gave up after the default 30 s "waiting for
        // the server" whose answer waited for a thread. A test that means a limit gives its own.
        if let command = arguments.first, ["fetch", "open", "import"].contains(command),
            !arguments.contains(where: { $0 == "--timeout" || $0.hasPrefix("--timeout=") })
        {
            arguments.insert(contentsOf: ["--timeout", "120"], at: 1)
        }
        let output = CapturedOutput()
        let console = Console.capturing(environment: childEnvironment) { stream, text in output.append(text, to: stream) }
        let status = await ReaderCommand.execute(arguments, console: console)
        return Run(status: status, stdout: output.text(of: .output), stderr: output.text(of: .error))
    }

    /// A minimal environment plus the test's own; a value of "" removes a default (`NO_COLOR`).
    public var childEnvironment: [String: String] {
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1", "PAGER": "cat"]
        for (key, value) in environment { env[key] = value }
        return env.filter { !$0.value.isEmpty }
    }

    /// The process for `reader arguments…`, with ``childEnvironment``.
    private func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = childEnvironment
        return process
    }

    /// Starts `reader arguments…` as a ``ChildProcess``: killable at any instant, with its peak
    /// memory known when it ends.
    public func spawn(
        _ arguments: [String], output: ChildProcess.Output = .pipe, measureMemory: Bool = false, input: String? = nil
    ) throws -> ChildProcess {
        try ChildProcess(path, arguments, environment: childEnvironment, output: output, measureMemory: measureMemory, input: input)
    }

    /// Runs `reader arguments…` as a ``ChildProcess`` and waits at most `timeout` seconds.
    public func measure(
        _ arguments: [String], output: ChildProcess.Output = .pipe, measureMemory: Bool = false, timeout: TimeInterval = 120
    ) async throws -> ChildProcess.Exit {
        try await spawn(arguments, output: output, measureMemory: measureMemory).wait(timeout: timeout)
    }

    /// Starts `reader arguments…` without waiting, for tests that kill it.
    public func start(_ arguments: [String]) throws -> Process {
        let process = makeProcess(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A fresh folder for one test's store, under this test process's own folder
/// (``TestFolders``), which goes when the process ends.
public func temporaryFolder(_ name: String = "reader-test") throws -> String {
    let path = TestFolders.root + "/\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// What a command run in process wrote, by stream; written from any of its tasks.
final class CapturedOutput: Sendable {
    private let texts = NIOLockedValueBox([Console.Stream: String]())

    func append(_ text: String, to stream: Console.Stream) {
        texts.withLockedValue { $0[stream, default: ""] += text }
    }

    func text(of stream: Console.Stream) -> String {
        texts.withLockedValue { $0[stream] ?? "" }
    }
}
