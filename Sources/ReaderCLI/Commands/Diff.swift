import ArgumentParser
import ReaderKit

struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two documents section by section, then word by word: what came, went, moved or changed.",
        discussion: """
            A and B are anything 'reader open' takes: keys, shorthands, URLs, files; fetched first \
            when absent, unless --offline. Sections are paired by number and title, then by their \
            words; unchanged ones are counted, not shown. On a terminal removed words are red and \
            added ones green; in a pipe they read [-removed-] and {+added+}, as git's word diff.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Two documents: A, then B.")
    var targets: [String]

    @Option(name: .long, help: "text or json.")
    var format: Format = .text

    @Flag(name: .long, help: "Never page the text, even on a terminal longer than the screen.")
    var noPager = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() async throws {
        try await global.withReader(show)
    }

    private func show(_ reader: Reader) async throws {
        let requests = try reader.openRequests(targets)
        guard requests.count == 2 else {
            // One document: its versions, which this store does not keep yet.
            throw ValidationError(
                requests.count == 1
                    ? "this store keeps one version of each document, so '\(targets.joined(separator: " "))' has none to compare with: name two documents ('reader diff A B')"
                    : "diff compares two documents, A and B; \(requests.count) were named")
        }
        let diff = try await reader.diff(requests[0], requests[1])
        if format == .json { return Terminal.printRaw(try JSONRenderer.line(diff)) }
        let text = DiffText(
            diff: diff, labelA: reader.label(ofKey: diff.a) ?? diff.a, labelB: reader.label(ofKey: diff.b) ?? diff.b,
            colour: Terminal.colour, width: Terminal.stdoutIsTerminal ? Terminal.width : nil)
        if noPager { return Terminal.print(text.lines.joined(separator: "\n")) }
        LongOutput.print(text.lines.joined(separator: "\n"))
    }
}
