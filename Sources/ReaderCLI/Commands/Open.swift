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
    var errata: AnnotationVisibility = OpenOptions.errata.defaultValue

    @Flag(name: OpenOptions.toc.parserName, help: OpenOptions.toc.parserHelp)
    var toc = OpenOptions.toc.defaultValue

    @Option(
        name: .long,
        help: "A stored version: its number (1 the oldest) or date (2026-11-20), as 'reader history' lists them.")
    var version: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    func validate() throws {
        guard let version else { return }
        if let number = Int(version), number < 1 {
            throw ValidationError("--version \(number): versions are numbered from 1 (the oldest); 'reader history' lists them")
        }
        if VersionChoice(version) == nil {
            throw ValidationError(
                "--version takes a version number, 1 or more (1 is the oldest), or a date such as 2026-11-20; '\(version)' is neither")
        }
        if targets.count != 1 { throw ValidationError("--version opens one document; \(targets.count) were named") }
    }

    func run() async throws {
        try await global.withReader(show)
    }

    private func show(_ reader: Reader) async throws {
        let options = Self.renderOptions(format, section: section, annotations: errata)
        if let version, let choice = VersionChoice(version) {
            let requests = try reader.openRequests(targets)
            guard let request = requests.first else { return }
            let opened = try await reader.open(request, version: choice)
            if toc { return Self.show([TableOfContents.text(opened)], noPager: noPager) }
            let rendered = try Renderer.render(opened, options)
            if format == .json { return Terminal.printRaw(rendered) }
            return Self.show([rendered], noPager: noPager)
        }
        var output: [String] = []
        // Every target is read before any is opened: one that names nothing refuses the line.
        let targets = try reader.openTargets(targets)
        if toc {
            for (request, header) in targets.flatMap(Self.members) {
                output.append(header + TableOfContents.text(try await reader.open(request)))
            }
            return Self.show(output, noPager: noPager)
        }
        for target in targets {
            guard case .group(let group) = target, format == .json else {
                for (request, header) in Self.members(target) {
                    let rendered = try await reader.render(request, options)
                    // JSON Lines go out as each document is ready, so a long batch streams.
                    if format == .json { Terminal.printRaw(rendered) } else { output.append(header + rendered) }
                }
                continue
            }
            // A group is one JSON object: its label, and every member's document in order.
            var members: [String] = []
            for request in group.requests { members.append(try await reader.render(request, options)) }
            Terminal.printRaw(group.json(members: members))
        }
        if format != .json { Self.show(output, noPager: noPager) }
    }

    /// The requests of a target, each with the header it is shown under: none for a document,
    /// `BCP 14 (Best Current Practice), 1 of 2: RFC 2119` over each member of a group.
    static func members(_ target: OpenTarget) -> [(Request, String)] {
        switch target {
        case .request(let request): return [(request, "")]
        case .group(let group):
            let count = group.members.count
            let more = group.leftOut > 0 ? " (and \(group.leftOut) more, left out)" : ""
            return zip(group.members, group.requests).enumerated().map { index, pair in
                let line = "\(group.label) (\(group.group.name)), \(index + 1) of \(count)\(more): \(group.listing.label(ofID: pair.0.id))"
                return (pair.1, line + "\n" + String(repeating: "═", count: min(line.count, 72)) + "\n\n")
            }
        }
    }

    static func renderOptions(_ format: Format, section: String?, annotations: AnnotationVisibility = .shown) -> RenderOptions {
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

extension AnnotationVisibility: @retroactive ExpressibleByArgument {}
