import ReaderPluginAPI

/// The shorthands of a set of modules (their ``ModuleDescriptor/identifiers``), read once:
/// what turns `793`, `RFC793`, `rfc` `793` or `@jack` into a request, and a catalog key back
/// into a label and the words that open it. The engine keeps one per tier of modules
/// (``Registry/identifierTiers``): the tables know no source, only what modules declare.
package struct IdentifierTable: Sendable {
    package struct Row: Sendable {
        package let identifier: Identifier
        /// The name of the module that declares it.
        package let module: String
        let pattern: IdentifierPattern
        let key: KeyTemplate?
    }

    /// What a shorthand names.
    package struct Reading: Sendable, Equatable {
        package var requestType: String
        package var argument: String
        package var key: String
        package var label: String
        package var module: String
    }

    package private(set) var rows: [Row] = []

    package init(_ modules: [any ParserModule] = []) {
        for module in modules { add(module.descriptor) }
    }

    /// Adds a module's identifiers; one whose pattern the engine cannot read is left out (it
    /// never matches), as a module's malformed URL pattern is.
    package mutating func add(_ descriptor: ModuleDescriptor) {
        for identifier in descriptor.identifiers {
            guard let pattern = IdentifierPattern(identifier.pattern) else { continue }
            rows.append(Row(identifier: identifier, module: descriptor.name, pattern: pattern, key: KeyTemplate(identifier.key)))
        }
    }

    package var isEmpty: Bool { rows.isEmpty }

    /// Every reading of `text` (one command-line word, or two joined by a space), one per
    /// document named: two modules reading it mean it is ambiguous. `twoWords` keeps to the
    /// patterns that may be written as two arguments (`rfc {number}`).
    package func readings(_ text: String, twoWords: Bool = false) -> [Reading] {
        var found: [Reading] = []
        for row in rows where !twoWords || row.pattern.spansTwoWords {
            guard let value = row.pattern.value(in: text) else { continue }
            let reading = Reading(
                requestType: row.identifier.requestType, argument: IdentifierPattern.fill(row.identifier.argument, value),
                key: IdentifierPattern.fill(row.identifier.key, value), label: IdentifierPattern.fill(row.identifier.label, value),
                module: row.module)
            // `793` and `rfc 793` of one module are one document.
            if !found.contains(where: { $0.key == reading.key && $0.requestType == reading.requestType }) { found.append(reading) }
        }
        return found
    }

    /// Whether `word` is the literal lead of a two-word pattern (`rfc` of `rfc {number}`),
    /// which alone names nothing.
    package func isLead(_ word: String) -> Bool {
        let lower = word.lowercased()
        return rows.contains { $0.pattern.spansTwoWords && $0.pattern.lead == lower }
    }

    /// For the lead of a two-word pattern (`rfc`), the shortest way its module's documents are
    /// written, with an example value (`793`), to say how to write what the lead alone does not.
    package func example(forLead word: String) -> (what: String, words: String)? {
        let lower = word.lowercased()
        guard let lead = rows.first(where: { $0.pattern.spansTwoWords && $0.pattern.lead == lower }) else { return nil }
        let same = rows.filter { $0.module == lead.module && $0.identifier.requestType == lead.identifier.requestType }
        let shortest = same.min { $0.identifier.pattern.count < $1.identifier.pattern.count } ?? lead
        let number = shortest.pattern.placeholder == .number
        return (
            number ? "number" : "name", IdentifierPattern.fill(shortest.identifier.pattern, number ? Self.exampleNumber : Self.exampleName)
        )
    }

    /// The values messages show as examples.
    static let exampleNumber = "793"
    static let exampleName = "name"

    /// Whether `text` is read only by patterns with literal text (`@jack`, `rfc793`), not by a
    /// bare placeholder: such a word is a target by itself wherever it stands.
    package func readsLiterally(_ text: String) -> Bool {
        rows.contains { !$0.pattern.isBare && $0.pattern.value(in: text) != nil }
    }

    /// The rows whose key template reads `key`, with the value it holds there.
    package func rows(ofKey key: String) -> [(row: Row, value: String)] {
        rows.compactMap { row in row.key?.value(inKey: key).map { (row, $0) } }
    }
}
