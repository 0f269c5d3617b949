import Foundation
import ReaderKit

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
    /// The secrets of `environment` (``Terminal/secrets``), found once: every line a mirror
    /// writes to stderr is redacted, and finding them again for each filtered the environment
    /// (26 allocations a line, 28,000 in a mirror of 1,067 RFCs).
    let environmentSecrets: [String]

    init(environment: [String: String], capture: (@Sendable (Stream, String) -> Void)?) {
        self.environment = environment
        self.capture = capture
        // AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN too, for `push`, `pull` and a remote.
        environmentSecrets = Configuration.secrets(in: environment.filter { $0.key.hasPrefix("READER_") || $0.key.hasPrefix("AWS_") })
    }

    /// The process's own console.
    public static let process = Console(environment: processEnvironment(), capture: nil)

    /// The process's environment, read from `environ` as the C library keeps it, the first
    /// of a repeated name winning as for `getenv`. Not `ProcessInfo`'s: its first use (the
    /// object, its lock, its copy) was 5 % of a `reader find` that matches nothing.
    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        // Null after a `clearenv`.
        let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = first else { return environment }
        while let line = entry.pointee {
            // `String(cString:)` repairs what is not UTF-8, as ProcessInfo's does.
            let text = String(cString: line)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if environment[name] == nil { environment[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return environment
    }

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
