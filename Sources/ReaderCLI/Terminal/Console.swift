import Foundation

/// Where a command's words go and which environment it reads. `reader` runs with the
/// process's own: standard output and error, `ProcessInfo`'s environment. A test runs a
/// command in process with a console that keeps what it writes
/// (``ReaderCommand/execute(_:console:)``), as swift-argument-parser's `AssertExecuteCommand`
/// and Hummingbird's test client do, so most command-line tests need no child process; those
/// about processes (kill -9, Ctrl-C, a terminal, a crashing module) still run the binary.
public struct Console: Sendable {
    public enum Stream: Sendable {
        case output, error
    }

    public let environment: [String: String]
    /// Nil: the process's file descriptors.
    let capture: (@Sendable (Stream, String) -> Void)?

    /// The process's own console.
    public static let process = Console(environment: ProcessInfo.processInfo.environment, capture: nil)

    /// A console with `environment` that hands every write to `sink`: never a terminal.
    public static func capturing(
        environment: [String: String], _ sink: @escaping @Sendable (Stream, String) -> Void
    ) -> Console {
        Console(environment: environment, capture: sink)
    }

    /// The console of the command running in this task (and the tasks it starts).
    @TaskLocal static var current = Console.process

    var isCaptured: Bool { capture != nil }
}
