import ArgumentParser
import ReaderKit

struct Refs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refs",
        abstract: "What an RFC cites, which stored documents cite it, and what it obsoletes and updates, both ways; offline.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "A document: its key, shorthand (793, rfc793) or URL.")
    var target: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let reader = global.makeReader()
        let refs = try reader.references(ofTarget: target)
        let number = refs.number
        if json { return Terminal.printRaw(try JSONRenderer.line(refs)) }
        // On a terminal a citation's long title gives way (as in the text view's "RFCs cited")
        // and a list of numbers is wrapped, never cut; whole lines in a pipe.
        let width = Terminal.stdoutIsTerminal ? Terminal.width : nil
        func list(_ label: String, _ numbers: [Int]) -> String {
            let text = label + ": " + (numbers.isEmpty ? "none" : numbers.map { "RFC\u{A0}\($0)" }.joined(separator: ", "))
            guard let width else { return text.replacingOccurrences(of: "\u{A0}", with: " ") }
            return Wrap.lines(text, width: width, rest: "  ").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        }
        // An RFC never issued, or not in the index, says so where its title would be.
        var lines = [refs.title.map { "RFC \(number): \($0)" } ?? refs.absence ?? "RFC \(number)"]
        lines.append(list("obsoletes", refs.obsoletes))
        lines.append(list("obsoleted by", refs.obsoletedBy))
        lines.append(list("updates", refs.updates))
        lines.append(list("updated by", refs.updatedBy))
        if refs.stored {
            lines.append("cites (\(refs.cites.count)):")
            // A number the index says was never issued, or does not list, has nothing to open.
            lines += refs.cites.map {
                CitationLine.text(
                    "RFC \($0)", command: refs.unavailable["rfc/\($0)"].map { "(\($0))" } ?? "reader open \($0)",
                    title: refs.titles["rfc/\($0)"], width: width)
            }
        } else if refs.absence != nil {
            lines.append("cites: none known (it has no text to read)")
        } else {
            lines.append("cites: not known until it is stored ('reader fetch rfc \(number)')")
        }
        lines.append("cited by stored documents (\(refs.citedBy.count))\(refs.citedBy.isEmpty ? "" : ":")")
        lines += refs.citedBy.map { key in
            CitationLine.text(
                key, command: "reader open \(reader.shorthand(ofKey: key))", title: refs.titles[key],
                width: width)
        }
        LongOutput.print(lines.joined(separator: "\n"))
    }
}
