import ReaderPluginAPI

extension Reader {
    /// How lists and links name the document under `key` when it is not stored (`RFC 9293` for
    /// `rfc/9293`): the label of the first module ``Identifier`` whose key template reads it.
    public func label(ofKey key: String) -> String? {
        for table in identifierTables(forKey: key) {
            if let (row, value) = table.rows(ofKey: key).first { return IdentifierPattern.fill(row.identifier.label, value) }
        }
        return nil
    }

    /// The words that open `key` on the command line, shortest first (`793` for `rfc/793`): the
    /// key's identifier written back, else the key itself. A shorthand that would name another
    /// document, or more than one, is passed over (`rfc 793` when a second module reads `793`).
    public func shorthand(ofKey key: String) -> String {
        let tables = identifierTables(forKey: key)
        for (tier, table) in tables.enumerated() {
            let written = table.rows(ofKey: key).map { IdentifierPattern.fill($0.row.identifier.pattern, $0.value) }
            for words in written.sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
                let reading = try? identified(words, twoWords: false, tiers: Array(tables.prefix(tier + 1)))
                if reading?.key == key { return words }
            }
        }
        return key
    }

    /// The identifier tables that may read `key`: the plugin path's only for a key of a request
    /// type no built-in module serves (`feed/…`), so that naming a built-in document, a URL or
    /// a file never loads a third-party module.
    private func identifierTables(forKey key: String) -> [IdentifierTable] {
        let tiers = registry.firstIdentifierTiers
        guard !Request.isURL(key), let slash = key.firstIndex(of: "/"), registry.builtinModule(for: String(key[..<slash])) == nil else {
            return tiers
        }
        return tiers + [registry.pluginIdentifiers]
    }

    /// What `text` (a word, or two joined by a space) names in the first of `tiers` that reads
    /// it; nil when none does. A word two modules of one tier read is refused, naming both.
    func identified(_ text: String, twoWords: Bool, tiers: [IdentifierTable]) throws -> IdentifierTable.Reading? {
        for table in tiers {
            let readings = table.readings(text, twoWords: twoWords)
            if readings.count > 1 { throw Self.ambiguous(text, readings) }
            if let reading = readings.first { return reading }
        }
        return nil
    }

    /// The request a shorthand reading stands for.
    static func request(_ reading: IdentifierTable.Reading) -> Request {
        .source(type: reading.requestType, argument: reading.argument)
    }

    private static func ambiguous(_ text: String, _ readings: [IdentifierTable.Reading]) -> ReaderError {
        let candidates = readings.map { "\($0.label) (\($0.module), key \($0.key))" }
        return .usage(
            "'\(text)' may name \(candidates.joined(separator: " or ")): open one by its key, as 'reader open \(readings[0].key)'")
    }
}
