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

    @Argument(help: "Two documents: A, then B; or one stored document, whose latest version is compared with the one before.")
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
        guard requests.count == 2 || requests.count == 1 else {
            throw ValidationError("diff compares two documents, A and B, or a document's last two versions; \(requests.count) were named")
        }
        var labels: (String, String)?
        let diff: DocumentDiff
        if requests.count == 1 {
            // One document: its latest version against the one before (`reader history`).
            let (versionDiff, numbers) = try await reader.diffLatest(requests[0])
            diff = versionDiff
            let label = reader.label(ofKey: diff.b) ?? diff.b
            labels = ("\(label) version \(numbers.0)", "\(label) version \(numbers.1)")
        } else {
            diff = try await reader.diff(requests[0], requests[1])
        }
        if format == .json { return Terminal.printRaw(try JSONRenderer.line(diff)) }
        let text = DiffText(
            diff: diff, labelA: labels?.0 ?? reader.label(ofKey: diff.a) ?? diff.a,
            labelB: labels?.1 ?? reader.label(ofKey: diff.b) ?? diff.b,
            colour: Terminal.colour, width: Terminal.stdoutIsTerminal ? Terminal.width : nil)
        if noPager { return Terminal.print(text.lines.joined(separator: "\n")) }
        LongOutput.print(text.lines.joined(separator: "\n"))
    }
}
