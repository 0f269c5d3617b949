import ArgumentParser
import Foundation
import ReaderKit

struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract:
            "Show a document: a shorthand (\(HelpExamples.number)), a source (\(HelpExamples.listingType)), a URL or a file; fetched first when absent."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help:
            "Shorthands (\(HelpExamples.number)), sources, keys, URLs or files. Several print one document after another (JSON Lines with --format json)."
    )
    var targets: [String]

    @Option(name: OpenOptions.format.parserName, help: OpenOptions.format.parserHelp)
    var format: Format = OpenOptions.format.defaultValue

    @Option(name: OpenOptions.section.parserName, help: OpenOptions.section.parserHelp)
    var section: String?

    @Flag(name: OpenOptions.noPager.parserName, help: OpenOptions.noPager.parserHelp)
    var noPager = OpenOptions.noPager.defaultValue

    @Option(name: OpenOptions.errata.parserName, help: OpenOptions.errata.parserHelp)
    var errata: AnnotationFilter = OpenOptions.errata.defaultValue

    @Flag(name: OpenOptions.toc.parserName, help: OpenOptions.toc.parserHelp)
    var toc = OpenOptions.toc.defaultValue

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    func run() async throws {
        try await global.withReader(show)
    }

    private func show(_ reader: Reader) async throws {
        let options = Self.renderOptions(format, section: section, annotations: errata)
        var output: [String] = []
        // Every target is read before any is opened: one that names nothing refuses the line.
        let requests = try reader.openRequests(targets)
        if toc {
            for request in requests {
                output.append(TableOfContents.text(try await reader.open(request)))
            }
            return Self.show(output, noPager: noPager)
        }
        for request in requests {
            let rendered = try await reader.render(request, options)
            // JSON Lines go out as each document is ready, so a long batch streams.
            if format == .json { Terminal.printRaw(rendered) } else { output.append(rendered) }
        }
        if format != .json { Self.show(output, noPager: noPager) }
    }

    static func renderOptions(_ format: Format, section: String?, annotations: AnnotationFilter = .shown) -> RenderOptions {
        RenderOptions(
            format: RenderOptions.Format(rawValue: format.rawValue) ?? .text, width: Terminal.width, styled: Terminal.colour,
            section: section, annotations: annotations)
    }

    /// Text and Markdown go out through the sanitizer, then the pager on a terminal.
    static func show(_ documents: [String], noPager: Bool) {
        // Several documents: a rule between them, so that where one ends is plain to see.
        let rule = "\n" + String(repeating: "━", count: min(Terminal.width, 72)) + "\n\n"
        let text = TerminalSanitizer.clean(documents.joined(separator: rule), colour: Terminal.colour)
        // A dumb terminal (TERM=dumb) cannot page: `less` would only ask for RETURN.
        guard !noPager, Terminal.stdoutIsTerminal, !Terminal.isDumb else { return Terminal.write(text, to: STDOUT_FILENO) }
        switch Pager.show(text) {
        case .shown:
            return
        case .notWanted:
            Terminal.write(text, to: STDOUT_FILENO)
        case .failed(let why):
            Terminal.error("\(why); showing the text without one")
            Terminal.write(text, to: STDOUT_FILENO)
        }
    }
}

extension AnnotationFilter: ExpressibleByArgument {}
