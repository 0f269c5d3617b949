import ArgumentParser
import Foundation
import ReaderKit

/// `reader`: read RFCs, posts and web pages in a terminal, and keep every one offline.
public struct ReaderCommand: AsyncParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Read RFCs, posts and web pages in a terminal; everything read once opens again offline.",
        version: ReaderVersion.current,
        subcommands: [Fetch.self, Open.self, List.self, Search.self, Sources.self, Cache.self]
    )

    /// Runs the command line: parses it, runs the command with Ctrl-C wired to cancellation,
    /// and turns every error into one line on stderr and the contract's exit code.
    public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        if QuickOpen.run(arguments) { Foundation.exit(0) }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(withError: error)
        }
        // Before the work starts, so that no Ctrl-C goes unnoticed (see `Interrupt`).
        let interrupt = Interrupt.install()
        let work = Task {
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                var sync = command
                try sync.run()
            }
        }
        interrupt?.onInterrupt { work.cancel() }
        let result = await work.result
        switch result {
        case .success:
            Foundation.exit(0)
        case .failure(let error as ReaderError):
            Terminal.error(error.description)
            Foundation.exit(error.exitCode)
        case .failure(let error) where error is CancellationError:
            Terminal.error(ReaderError.cancelled.description)
            Foundation.exit(ReaderError.cancelled.exitCode)
        case .failure(let error):
            exit(withError: error)
        }
    }
}
