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
        let remote = global.offline ? nil : try global.makeRemote()
        do {
            try await show(global.makeReader(remote: remote))
        } catch {
            await remote?.shutdown()
            throw error
        }
        await remote?.shutdown()
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
        if format == .json { return Terminal.printRaw(try JSONRenderer.line(DiffJSON(diff))) }
        let text = DiffText(
            diff: diff, labelA: reader.label(ofKey: diff.a) ?? diff.a, labelB: reader.label(ofKey: diff.b) ?? diff.b,
            colour: Terminal.colour, width: Terminal.stdoutIsTerminal ? Terminal.width : nil)
        if noPager { return Terminal.print(text.lines.joined(separator: "\n")) }
        LongOutput.print(text.lines.joined(separator: "\n"))
    }
}

/// `diff --format json`: the contract's `a`, `b` and `sections` (`change`, `a`/`b` as
/// `number` and `title` or null, `words` added and removed).
private struct DiffJSON: Encodable {
    var diff: DocumentDiff

    init(_ diff: DocumentDiff) { self.diff = diff }

    private enum Keys: String, CodingKey { case a, b, sections, change, words, added, removed, number, title }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(diff.a, forKey: .a)
        try object.encode(diff.b, forKey: .b)
        var sections = object.nestedUnkeyedContainer(forKey: .sections)
        for part in diff.parts {
            var item = sections.nestedContainer(keyedBy: Keys.self)
            try item.encode(part.change.rawValue, forKey: .change)
            try Self.side(part.a, .a, into: &item)
            try Self.side(part.b, .b, into: &item)
            var words = item.nestedContainer(keyedBy: Keys.self, forKey: .words)
            try words.encode(part.added, forKey: .added)
            try words.encode(part.removed, forKey: .removed)
        }
    }

    private static func side(_ side: DocumentDiff.Side?, _ key: Keys, into object: inout KeyedEncodingContainer<Keys>) throws {
        guard let side else { return try object.encodeNil(forKey: key) }
        var nested = object.nestedContainer(keyedBy: Keys.self, forKey: key)
        try nested.encode(side.number, forKey: .number)
        try nested.encode(side.title, forKey: .title)
    }
}
