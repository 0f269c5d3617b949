import ArgumentParser
import Foundation
import ReaderKit

/// `reader`: read documents of every source in a terminal, and keep every one offline.
public struct ReaderCommand: AsyncParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Read \(HelpExamples.nouns), posts and web pages in a terminal; everything read once opens again offline.",
        version: ReaderVersion.current,
        subcommands: [
            Fetch.self, Open.self, List.self, Search.self, Find.self, Refs.self, Diff.self, History.self, Export.self, Sources.self,
            Cache.self, Serve.self, Push.self, Pull.self, NoteCommand.self, NotesCommand.self, TagCommand.self, MarkCommand.self,
            ImportCommand.self,
        ]
    )

    /// Runs the command line and ends the process with the contract's exit code.
    public static func runMain(_ words: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        Foundation.exit(await execute(words))
    }

    /// Runs the command line: parses it, runs the command with Ctrl-C wired to cancellation,
    /// and turns every error into one line on stderr; returns the contract's exit code. With
    /// a capturing `console`, what it writes and the environment it reads are the console's,
    /// and no signal handler is installed: a test runs a command in process this way.
    public static func execute(_ words: [String], console: Console = .process) async -> Int32 {
        await Console.$current.withValue(console) { await execute(words) }
    }

    /// Answers what needs neither the argument parser nor the async runtime — `--version`, an
    /// `open` with a kept view, a plain `find` — and ends the process; returns when the line
    /// needs more. Called by `main` before its first `await`, so that these run on the main
    /// thread: from the async main they ran on the runtime's pool, whose threads started first.
    public static func answerAtOnce(_ words: [String] = Array(CommandLine.arguments.dropFirst())) {
        // What scripts ask most, written before the common options' table is built (a tenth of
        // the process) and the console is set up.
        if words == ["--version"] {
            let line = Array((ReaderVersion.current + "\n").utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            Foundation.exit(0)
        }
        // Before the async runtime's first thread, which would take a malloc arena of its own.
        MallocArenas.limit(serving: words.first { !$0.hasPrefix("-") } == "serve")
        if let code = quickAnswer(CommandLineWords.hoistingCommonOptions(CommandLineWords.givingBareRemoteAValue(words))) {
            Foundation.exit(code)
        }
    }

    private static func quickAnswer(_ arguments: [String]) -> Int32? {
        // What scripts ask before anything else, answered without building the parser's model
        // of every command (most of the process's 12 ms).
        if arguments == ["--version"] {
            Terminal.printRaw(ReaderVersion.current)
            return 0
        }
        if QuickOpen.run(arguments) { return 0 }
        return QuickFind.run(arguments)
    }

    private static func execute(_ words: [String]) async -> Int32 {
        let arguments = CommandLineWords.hoistingCommonOptions(CommandLineWords.givingBareRemoteAValue(words))
        if let code = quickAnswer(arguments) { return code }
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        if let unknown = CommandLineWords.unknownCommand(arguments, commands: commands) {
            Terminal.error(unknown)
            return ExitCode.validationFailure.rawValue
        }
        // The same for a group's own commands: `reader cache lss` → did you mean 'ls'?
        if let group = configuration.subcommands.first(where: { $0._commandName == arguments.first }),
            case let names = group.configuration.subcommands.map({ $0._commandName }), !names.isEmpty,
            let unknown = CommandLineWords.unknownCommand(Array(arguments.dropFirst()), commands: names, of: group._commandName)
        {
            Terminal.error(unknown)
            return ExitCode.validationFailure.rawValue
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            return fail(error, arguments)
        }
        // Before the work starts, so that no Ctrl-C goes unnoticed (see `Interrupt`).
        let interrupt = Console.current.isCaptured ? nil : Interrupt.install()
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
            return 0
        case .failure(let error as ReaderError):
            Terminal.error(error.description)
            return error.exitCode
        case .failure(let error) where error is CancellationError:
            Terminal.error(ReaderError.cancelled.description)
            return ReaderError.cancelled.exitCode
        case .failure(let error):
            return fail(error, arguments)
        }
    }

    /// The exit code of an error of the argument parser (or an `ExitCode`): help and the
    /// version go to stdout as the parser writes them; an error is one sanitized line on stderr,
    /// `reader: …`, with where to look for help, and exit 64.
    static func fail(_ error: any Error, _ arguments: [String]) -> Int32 {
        let code = exitCode(for: error)
        if let exit = error as? ExitCode { return exit.rawValue }
        if code == .success {
            Terminal.printRaw(HelpUsage.wrapped(fullMessage(for: error), width: Terminal.width))
            return 0
        }
        var message = self.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        message = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        // A sentence's capital, not a name's (`READER_PARSE_TIMEOUT must be…`).
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isUppercase != true {
            message = first.lowercased() + message.dropFirst()
        }
        let path = arguments.prefix { !$0.hasPrefix("-") }.prefix(2).filter { word in
            configuration.subcommands.contains { $0._commandName == word }
                || ["stats", "verify", "gc", "recover", "reindex", "ls", "rm"].contains(word)
        }
        Terminal.error("\(message) (see 'reader \((path + ["--help"]).joined(separator: " "))')")
        return code.rawValue
    }
}
