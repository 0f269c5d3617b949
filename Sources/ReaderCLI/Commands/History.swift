import ArgumentParser
import ReaderKit

/// `reader history KEY`: the stored versions of a document, numbered from 1 (the oldest).
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the stored versions of a document: number (1 the oldest), date, size, what changed.",
        discussion: """
            A fetch that brings other bytes keeps the earlier version (a listing, such as the RFC index, keeps \
            none). 'reader open KEY --version N|DATE' shows one; 'reader diff KEY' compares the latest with the \
            one before; 'reader cache gc --keep-versions N' forgets the older ones. Never fetches.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A stored document: a key, shorthand or URL, as 'reader open' takes it.")
    var target: String

    @Flag(name: .long, help: "Print a JSON array of versions.")
    var json = false

    func run() async throws {
        try await global.withReader { reader in
            guard let request = try reader.openRequests([target]).first else {
                throw ValidationError("history lists the versions of one document; name it")
            }
            let versions = try await reader.history(request)
            if json { return Terminal.printRaw(try JSONRenderer.line(versions)) }
            let width = String(versions.count).count
            var lines: [String] = []
            for version in versions {
                let number = String(repeating: " ", count: width - String(version.number).count) + String(version.number)
                let size = ByteCount.format(version.size)
                lines.append("\(number)  \(version.fetchedAt)  \(size)  \(version.change)\(version.latest ? "  (latest)" : "")")
            }
            Terminal.print(lines.joined(separator: "\n"))
        }
    }
}
