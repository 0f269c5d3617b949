import ArgumentParser
import ReaderKit

/// `reader note KEY [--section S] [--quote TEXT] [TEXT]`: a note on a stored document,
/// anchored to a passage; `reader note --delete ID` takes one back.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Write a note on a stored document, anchored to a passage (--quote) or a section; offline.",
        discussion: """
            reader note 9110 --quote "The 'Host' header field" "Why a proxy must rewrite it"
            reader note 9110 --section 15.4 "Compare with RFC 7231"
            reader note --delete 3fa9c1
            """)

    @OptionGroup var global: StoreOptions

    @Argument(help: "The stored document (a shorthand, key or URL), then the note's text.")
    var words: [String] = []

    @Option(name: .long, help: "The section the note is on (a number or title), or where to look for the quote.")
    var section: String?

    @Option(name: .long, help: "The passage the note is on: words as they stand in the text (a highlight when no text follows).")
    var quote: String?

    @Option(name: .long, help: "Take back the note with this id ('reader notes' shows them).")
    var delete: String?

    func run() async throws {
        let reader = global.makeReader()
        if let delete {
            guard words.isEmpty, section == nil, quote == nil else { throw ValidationError("--delete takes a note's id and nothing else") }
            let note = try reader.deleteNote(delete)
            return Terminal.print("deleted note \(note.id.prefix(8)) on \(reader.label(ofKey: note.key) ?? note.key)")
        }
        guard let target = words.first else { throw ValidationError("which document? 'reader note KEY [--quote TEXT] [TEXT]'") }
        let note = try await reader.addNote(
            to: target, section: section, quote: quote, text: words.dropFirst().joined(separator: " "))
        let place = note.section.map { " (section \($0))" } ?? ""
        Terminal.print("noted on \(reader.label(ofKey: note.key) ?? note.key)\(place): \(note.id.prefix(8))")
    }
}

/// `reader notes [KEY] [--json | --format markdown]`: the notes of one document or all.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes", abstract: "List the notes of a stored document, or of every one; as text, JSON or Markdown; offline.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "A stored document (a shorthand, key or URL); none: every note.")
    var key: String?

    @Flag(name: .long, help: "Print a JSON array.")
    var json = false

    @Option(name: .long, help: "text or markdown (an export).")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    func run() async throws {
        let reader = global.makeReader()
        let notes = try key.map { try reader.notes(ofKey: try reader.storedKey($0)) } ?? (try reader.allNotes())
        if json { return Terminal.printRaw(try JSONRenderer.line(notes.map { NoteJSON.value($0) })) }
        guard !notes.isEmpty else {
            try EntryOutput.nothing(key.map { "no note on \($0)" } ?? "no note yet: 'reader note KEY TEXT' writes one")
        }
        let titles = Dictionary(
            Set(notes.map(\.key)).map { key in (key, ((try? reader.entry(key)) ?? nil)?.title) }, uniquingKeysWith: { a, _ in a })
        switch format {
        case .text: LongOutput.print(NotesText.text(notes, label: { reader.label(ofKey: $0) ?? $0 }, titles: titles))
        case .markdown: Terminal.print(NotesText.markdown(notes, label: { reader.label(ofKey: $0) ?? $0 }, titles: titles))
        }
    }
}

/// The lists of `reader notes`: grouped by document, in the order written.
enum NotesText {
    static func text(_ notes: [Note], label: (String) -> String, titles: [String: String?]) -> String {
        var lines: [String] = []
        for (key, group) in grouped(notes) {
            if !lines.isEmpty { lines.append("") }
            lines.append([label(key), titles[key].flatMap { $0 }].compactMap { $0 }.joined(separator: "  "))
            for note in group {
                let section = note.section.map { "section \($0)  " } ?? ""
                lines.append("  \(note.id.prefix(8))  \(section)\(note.createdAt.prefix(10))")
                if let quote = note.quote { lines.append("    \u{201C}\(quote)\u{201D}") }
                if !note.text.isEmpty { lines += note.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func markdown(_ notes: [Note], label: (String) -> String, titles: [String: String?]) -> String {
        var out = ["# Notes"]
        for (key, group) in grouped(notes) {
            let title = titles[key].flatMap { $0 }.map { ": " + escape($0) } ?? ""
            out.append("## " + escape(label(key)) + title)
            for note in group {
                var lines = ["### " + (note.section.map { "Section " + escape($0) } ?? "The document") + " (\(note.createdAt.prefix(10)))"]
                if let quote = note.quote { lines.append("> " + escape(quote).replacingOccurrences(of: "\n", with: "\n> ")) }
                if !note.text.isEmpty { lines.append(escape(note.text)) }
                out.append(lines.joined(separator: "\n\n"))
            }
        }
        return out.joined(separator: "\n\n") + "\n"
    }

    private static func grouped(_ notes: [Note]) -> [(String, [Note])] {
        var order: [String] = []
        var groups: [String: [Note]] = [:]
        for note in notes {
            if groups[note.key] == nil { order.append(note.key) }
            groups[note.key, default: []].append(note)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Markdown's markup characters taken literally: a note's text is the person's, not markup.
    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>#|!".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
