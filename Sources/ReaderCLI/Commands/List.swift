import ArgumentParser
import Foundation
import ReaderKit
import ReaderPluginAPI

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the entries of the stored index (the \(HelpExamples.listingName)), offline.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "Only a group's members (such as 'bcp 14'), or every entry in a group of that kind ('bcp').")
    var group: [String] = []

    @Option(name: .long, help: "Only this status (\(HelpExamples.statuses)).")
    var status: String?

    @Option(name: .long, help: "Only entries dated this year.")
    var year: Int?

    @Option(name: .long, help: "At most this many entries.")
    var limit: Int?

    @Flag(name: .long, help: "Print a JSON array of entries.")
    var json = false

    func validate() throws {
        if let year { _ = try OutsideNumber.check(year, "--year", in: 1...9999) }
        if let limit { _ = try OutsideNumber.check(limit, "--limit", in: 0...1_000_000) }
    }

    func run() async throws {
        let reader = global.makeReader()
        if let word = group.first {
            guard group.count <= 2, let number = group.count == 2 ? Int(group[1]) : 0, number >= 0,
                let members = try reader.groupMembers(word, number: group.count == 2 ? number : nil)
            else {
                throw ReaderError.usage("'\(group.joined(separator: " "))' names no group; write a kind and perhaps a number, as 'bcp 14'")
            }
            let entries = members.members.filter { entry in
                (status.map { entry.status?.uppercased() == $0.uppercased().replacingOccurrences(of: "-", with: " ") } ?? true)
                    && (year.map { entry.date?.hasPrefix(String($0)) == true } ?? true)
            }
            EntryOutput.print(limit.map { Array(entries.prefix(max(0, $0))) } ?? entries, json: json)
            if entries.isEmpty {
                try EntryOutput.nothing("no \(members.listing.noun) is in \(group.count == 2 ? members.label : members.group.name)")
            }
            return
        }
        let entries = try reader.list(status: status, year: year, limit: limit)
        EntryOutput.print(entries, json: json)
        if entries.isEmpty { try EntryOutput.nothing("no \(reader.currentListing()?.noun ?? "entry") matches these filters") }
    }
}

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Search the stored index (the \(HelpExamples.listingName)), offline: the exact number first, then title words, then authors.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "Words (or a number, such as \(HelpExamples.number)) that every result matches.")
    var words: [String]

    @Option(name: .long, help: "At most this many results.")
    var limit: Int?

    @Flag(name: .long, help: "Print a JSON array of entries.")
    var json = false

    func validate() throws {
        if let limit { _ = try OutsideNumber.check(limit, "--limit", in: 0...1_000_000) }
    }

    func run() async throws {
        let reader = global.makeReader()
        let entries = try reader.search(words, limit: limit)
        EntryOutput.print(entries, json: json)
        let name = reader.currentListing()?.listing.name ?? "index"
        if entries.isEmpty { try EntryOutput.nothing("nothing in the \(name) matches '\(words.joined(separator: " "))'") }
    }
}

enum EntryOutput {
    /// No match: said on stderr, exit 1, as grep does, so that a script can tell.
    static func nothing(_ message: String) throws -> Never {
        Terminal.error(message)
        throw ExitCode(1)
    }

    static func print(_ entries: [Entry], json: Bool) {
        if json {
            Terminal.printRaw(JSONRenderer.entries(entries))
        } else if !entries.isEmpty {
            // Wrapped to a terminal's width (asked once); one line per entry in a pipe, for grep.
            let width = Terminal.stdoutIsTerminal ? Terminal.width : nil
            LongOutput.print(entries.map { EntryLine.text($0, width: width) }.joined(separator: "\n"))
        }
    }
}
