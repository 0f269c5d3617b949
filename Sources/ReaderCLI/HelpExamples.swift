import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI

/// The examples `--help` gives, taken from what the built-in modules declare rather than
/// written here: the first listing (``Listing``, the RFC index) names the command that fetches
/// it, what its entries describe and the word that fetches them all; the first shorthand of
/// what it describes gives the words a person types (`793`) and what one is called (`RFC`).
enum HelpExamples {
    private static let listing = builtinModules.lazy.flatMap(\.descriptor.listings).first
    private static let shorthand = builtinModules.lazy.flatMap(\.descriptor.identifiers).first {
        $0.requestType == listing?.describes
    }

    /// The request type of the listing (`rfc-index`).
    static let listingType = listing?.requestType ?? "INDEX"
    /// What the listing is called (`RFC index`).
    static let listingName = listing?.name ?? "index"
    /// The request type its entries describe (`rfc`).
    static let described = listing?.describes ?? "TYPE"
    /// The words that fetch every document it lists (`rfc all`).
    static let every = described + " " + (listing?.everyWord ?? "all")
    /// A document it describes, as typed alone (`793`) and called (`RFC`, `RFCs`).
    static let number = shorthand.map { fill($0.pattern, "793") } ?? "793"
    static let noun = shorthand.map { String(fill($0.label, "").drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) } ?? "document"
    static let nouns = noun + "s"

    /// The built-in sources (`rfc-index, rfc, tweets, html`), for `--source`.
    static let sources = builtinModules.flatMap(\.descriptor.requestTypes).joined(separator: ", ")
    /// The catalog key of the document typed as ``number`` (`rfc/793`).
    static let key = shorthand.map { fill($0.key, "793") } ?? "TYPE/ARGUMENT"
    /// Every built-in shorthand, written (`793, rfc 793, @NAME`).
    static let shorthands: String = {
        var written: [String] = []
        for identifier in builtinModules.flatMap(\.descriptor.identifiers) {
            let words = identifier.pattern.contains("{number}") ? fill(identifier.pattern, "793") : fill(identifier.pattern, "NAME")
            if !written.contains(words) { written.append(words) }
        }
        return written.joined(separator: ", ")
    }()

    /// Three of the listing's statuses, as `--status` takes them.
    static let statuses: String = {
        guard let statuses = listing?.statuses, statuses.count >= 3 else { return "a status the listing uses" }
        return "\"\(statuses[0])\", \(String(statuses[1].map { $0 == " " ? "-" : $0 })), \(statuses[statuses.count - 1]), …"
    }()

    private static func fill(_ template: String, _ value: String) -> String {
        Identifier.filling(template, with: value)
    }

    /// Lines of examples, each command padded to one column so that the explanations line up.
    static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 4, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
