import ArgumentParser
import ReaderCLI
import Testing

/// Every command's help as a pipe or an 80-column terminal shows it. The parser wraps each
/// line of a discussion on its own: prose written as one line wraps as a paragraph, but a
/// line of a table or of examples wider than 80 columns is broken in the middle of its layout
/// (`reader fetch --help` showed "run" and "it again to resume)" on two lines this way).
@Suite struct HelpLayoutTests {
    /// Every command under `command`, named as typed (`cache verify`).
    static func commands(under command: any ParsableCommand.Type, named name: String = "") -> [(String, any ParsableCommand.Type)] {
        [(name, command)]
            + command.configuration.subcommands.flatMap { sub in
                commands(under: sub, named: (name.isEmpty ? "" : name + " ") + (sub.configuration.commandName ?? ""))
            }
    }

    @Test func aDiscussionLaidOutInLinesFitsEightyColumns() {
        let all = Self.commands(under: ReaderCommand.self)
        #expect(all.count > 15)
        for (name, command) in all {
            for paragraph in command.configuration.discussion.components(separatedBy: "\n\n") {
                let lines = paragraph.split(separator: "\n")
                guard lines.count > 1 else { continue }
                for line in lines where line.count > 80 {
                    Issue.record("reader \(name) --help: a line of \(line.count) columns is broken by the parser: \(line)")
                }
            }
        }
    }
}
