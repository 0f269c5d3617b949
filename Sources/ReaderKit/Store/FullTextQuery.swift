/// The words of `reader find`, read as a person writes a search: every word must match,
/// `"a phrase"` matches its words in order, `word*` any word it begins, `-word` excludes.
/// An argument holding spaces (`reader find "head of line"`, the shell having taken the
/// quotes) is a phrase too.
///
/// The words become an FTS5 query in which every term is a quoted string, so that no word a
/// user types (`AND`, `NEAR`, a parenthesis, a column name followed by a colon) is read as
/// FTS5's own syntax.
public struct FullTextQuery: Sendable, Equatable {
    /// A word or a phrase, as tokens folded the way the index folds them.
    public struct Term: Sendable, Equatable {
        public var tokens: [String]
        /// The last token matches any word it begins (`word*`).
        public var prefix: Bool
    }

    /// What every hit matches.
    public var required: [Term]
    /// What no hit matches.
    public var excluded: [Term]

    public init(_ words: [String]) {
        required = []
        excluded = []
        for piece in Self.pieces(words) {
            var text = piece.text
            let exclude = !piece.quoted && text.hasPrefix("-") && text.count > 1
            if exclude { text.removeFirst() }
            let prefix = !piece.quoted && text.hasSuffix("*")
            let tokens = WordTokens.tokens(of: text).map(\.folded)
            guard !tokens.isEmpty else { continue }
            let term = Term(tokens: tokens, prefix: prefix)
            if exclude { excluded.append(term) } else { required.append(term) }
        }
    }

    /// The FTS5 MATCH expression; nil when there is nothing to look for (only exclusions, or
    /// no word at all).
    var expression: String? {
        guard !required.isEmpty else { return nil }
        var expression = required.map(Self.string).joined(separator: " AND ")
        if !excluded.isEmpty { expression = "(\(expression)) NOT (" + excluded.map(Self.string).joined(separator: " OR ") + ")" }
        return expression
    }

    /// A term as an FTS5 string: its tokens in double quotes (a phrase when several), `*`
    /// after it for a prefix. Tokens hold letters and digits only, so no quote needs escaping.
    private static func string(_ term: Term) -> String {
        "\"" + term.tokens.joined(separator: " ") + "\"" + (term.prefix ? " *" : "")
    }

    /// The words split into pieces: text between double quotes is one quoted piece (the
    /// quotes may span arguments: `'"head' of 'line"'`), an argument with white space in it is
    /// one, other words are one each.
    private static func pieces(_ words: [String]) -> [(text: String, quoted: Bool)] {
        guard words.contains(where: { $0.contains("\"") }) else {
            return words.map { ($0, $0.contains(where: \.isWhitespace)) }
        }
        var pieces: [(text: String, quoted: Bool)] = []
        for (index, part) in words.joined(separator: " ").split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            if index % 2 == 1 {
                pieces.append((String(part), true))
            } else {
                pieces += part.split(whereSeparator: \.isWhitespace).map { (String($0), false) }
            }
        }
        return pieces
    }
}
