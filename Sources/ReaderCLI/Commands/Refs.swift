import ArgumentParser
import ReaderKit

struct Refs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refs",
        abstract: "What an RFC cites, which stored documents cite it, and what it obsoletes and updates, both ways; offline.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "An RFC number (793, rfc793).")
    var rfc: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let digits = rfc.lowercased().hasPrefix("rfc") ? String(rfc.dropFirst(3)) : rfc
        guard let number = Int(digits), number > 0 else { throw ValidationError("'\(rfc)' is not an RFC number") }
        let refs = try global.makeReader().references(of: number)
        if json { return Terminal.printRaw(try JSONRenderer.line(refs)) }
        func list(_ numbers: [Int]) -> String { numbers.isEmpty ? "none" : numbers.map { "RFC \($0)" }.joined(separator: ", ") }
        var lines = ["RFC \(number)\(refs.title.map { ": \($0)" } ?? "")"]
        lines.append("obsoletes: \(list(refs.obsoletes))")
        lines.append("obsoleted by: \(list(refs.obsoletedBy))")
        lines.append("updates: \(list(refs.updates))")
        lines.append("updated by: \(list(refs.updatedBy))")
        if refs.stored {
            lines.append("cites (\(refs.cites.count)):")
            lines += refs.cites.map { CitationLine.text("RFC \($0)", command: "reader open \($0)", title: refs.titles["rfc/\($0)"]) }
        } else {
            lines.append("cites: not known until it is stored ('reader fetch rfc \(number)')")
        }
        lines.append("cited by stored documents (\(refs.citedBy.count))\(refs.citedBy.isEmpty ? "" : ":")")
        lines += refs.citedBy.map { key in
            CitationLine.text(
                key, command: "reader open \(key.hasPrefix("rfc/") ? String(key.dropFirst(4)) : key)", title: refs.titles[key])
        }
        // On a terminal a long title gives way (as in the text view's "RFCs cited"); whole in a pipe.
        if Terminal.stdoutIsTerminal {
            let width = Terminal.width
            lines = lines.map { $0.count > width ? String($0.prefix(width - 1)) + "…" : $0 }
        }
        Terminal.print(lines.joined(separator: "\n"))
    }
}
