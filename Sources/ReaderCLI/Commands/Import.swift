import ArgumentParser
import ReaderKit

/// `reader import opml FILE`: subscribes to every feed an outline list names.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Subscribe to what a list names (an OPML file's feeds).",
        subcommands: [ImportOPML.self])
}

struct ImportOPML: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opml",
        abstract: "Fetch every feed an OPML file names (nested outlines too); 'reader fetch feeds' refreshes them.",
        discussion: """
            Only http(s) addresses are fetched: an outline naming a file:// or any other address, \
            or the file itself, is refused and counted.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The OPML file.")
    var file: String

    @Flag(name: .long, help: "Also fetch the pages of the feeds' entries.")
    var follow = false

    func run() async throws {
        let reader = global.makeReader()
        let (title, requests, refused) = try await reader.subscriptions(inFile: file)
        if requests.isEmpty {
            Fetch.printLine(FollowLine(summary: nil, requests: 0, refused: refused, noun: "feed", verb: "subscribed to").text)
            if refused.isEmpty { throw ReaderError.usage("\(file): \(title.isEmpty ? "the list" : title) names no feed") }
            return
        }
        let summary = await Fetch.perform(reader, requests, verbose: global.verbose, quiet: true)
        Fetch.printLine(FollowLine(summary: summary, requests: requests.count, refused: refused, noun: "feed", verb: "subscribed to").text)
        if follow && !Task.isCancelled { await Fetch.follow(reader, summary, verbose: global.verbose) }
        if summary.cancelled > 0 || Task.isCancelled { throw ExitCode(ReaderError.cancelled.exitCode) }
        if !summary.failed.isEmpty { throw ExitCode(Fetch.exitCode(of: summary.failed.map(\.1))) }
    }
}
