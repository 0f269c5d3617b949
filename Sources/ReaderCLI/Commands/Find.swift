import ArgumentParser
import ReaderKit

struct Find: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search the text of every stored document, offline: the best passages first, each with the command that opens it there.",
        discussion: """
            Every word must match. "a phrase" (in quotes, or one argument with spaces) matches its words in order; \
            word* matches the words it begins; -word leaves out what has it.
            """)

    @OptionGroup var global: StoreOptions

    // `.allUnrecognized`: `-word` is a word to exclude, not an option the parser refuses.
    @Argument(parsing: .allUnrecognized, help: "Words, \"phrases\", prefixes (word*) and exclusions (-word).")
    var words: [String]

    @Option(name: FindOptions.source.parserName, help: FindOptions.source.parserHelp)
    var source: String?

    @Option(name: FindOptions.limit.parserName, help: FindOptions.limit.parserHelp)
    var limit: Int = FindOptions.limit.defaultValue

    @Flag(name: FindOptions.json.parserName, help: FindOptions.json.parserHelp)
    var json = FindOptions.json.defaultValue

    @OptionGroup var marks: AnnotationFilterOptions

    /// How many passages `--limit` may ask for: more than a person reads, and
    /// small enough that the search's arithmetic on it never overflows.
    static let limits = 0...10_000

    func validate() throws {
        _ = try OutsideNumber.check(limit, "--limit", in: Self.limits)
    }

    func run() async throws {
        let result = try global.makeReader().find(words, source: source, limit: limit, filter: marks.filter)
        let code = try Self.show(result, words: words, source: source, json: json)
        if code != 0 { throw ExitCode(code) }
    }

    /// Prints `result` as the command does (and ``QuickFind``): the note of an index rebuilt
    /// first, the hits as text or JSON, or that nothing matched; the exit code (1: nothing).
    static func show(_ result: FindResult, words: [String], source: String?, json: Bool) throws -> Int32 {
        if let note = result.note { Terminal.error(note) }
        if json {
            Terminal.printRaw(try JSONRenderer.line(result.hits))
        } else if !result.hits.isEmpty {
            // On a terminal each hit is wrapped at word ends to its width (the terminal would
            // break words); in a pipe a hit's snippet stays one line, for grep.
            let width = Terminal.stdoutIsTerminal ? Terminal.width : nil
            LongOutput.print(result.hits.map { Self.text($0, width: width) }.joined(separator: "\n\n"))
        }
        guard result.hits.isEmpty else { return 0 }
        let what = source.map { "no document of source '\($0)'" } ?? "no stored document"
        Terminal.error("\(what) matches '\(words.joined(separator: " "))'")
        return 1
    }

    /// A hit for people: where it is, the passage with its matched words in bold (plain in a
    /// pipe: the sanitizer drops the markers), and the command that opens it there.
    static func text(_ hit: FindHit, width: Int? = nil) -> String {
        var place = hit.key + "  " + hit.title
        if let section = hit.section, hit.source == "tweets" {
            // A tweet is named by who wrote it, when and what (its id is in the command).
            place += "  " + section.title
        } else if let section = hit.section {
            place += "  §" + [section.number, section.title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let bold = (TerminalSanitizer.Style.boldOn, TerminalSanitizer.Style.boldOff)
        let dim = (TerminalSanitizer.Style.dimOn, TerminalSanitizer.Style.dimOff)
        // A line that fits is kept as it is (the two spaces between the key, the title and the
        // section); a longer one is broken at word ends, its later lines indented.
        func wrapped(_ text: String, first: String, rest: String) -> [String] {
            guard let width, first.count + Wrap.columns(text) > width else { return [first + text] }
            return Wrap.lines(text, width: width, first: first, rest: rest)
        }
        var lines: [String]
        if let note = hit.note {
            // A note is named as one: on which document and passage, its words (the query's
            // marked), then its document's title and its id (what `reader note --delete` takes).
            let section = note.section.map { " \u{A7}" + $0 } ?? ""
            lines = wrapped("\u{270E} note on \(hit.key)\(section): \(hit.snippet.marked)", first: "", rest: "    ")
            lines += wrapped("\(hit.title) \u{B7} your note \(note.id.prefix(8))", first: "  ", rest: "    ")
        } else {
            lines = wrapped("\(bold.0)\(place)\(bold.1)", first: "", rest: "    ")
            if !hit.snippet.text.isEmpty { lines += wrapped(hit.snippet.marked, first: "  ", rest: "  ") }
        }
        lines += wrapped("\(dim.0)\(hit.open)\(dim.1)", first: "  ", rest: "    ")
        return lines.joined(separator: "\n")
    }
}
