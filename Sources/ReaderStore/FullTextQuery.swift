import ReaderSupport

/// The words of `reader find`, read as a person writes a search: every word must match,
/// `"a phrase"` matches its words in order, `word*` any word it begins, `-word` excludes.
/// An argument holding spaces (`reader find "head of line"`, the shell having taken the
/// quotes) is a phrase too.
///
/// The words become FTS5 queries in which every term is a quoted string, so that no word a
/// user types (`AND`, `NEAR`, a parenthesis, a column name followed by a colon) is read as
/// FTS5's own syntax. The index keeps no word positions, so it is asked for a phrase's words
/// and the passages it answers are checked against their text (``checksText``).
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

    /// The most words (tokens of every word and phrase, excluded ones too) and characters a
    /// query may have. A search's cost grows with both — every word is a term of the index's
    /// query and every phrase is checked against each passage's text — and a 15,000-word phrase
    /// took 5.5 s a search (issue 28); a person's query, a pasted sentence included, is far
    /// below either.
    public static let maxWords = 64
    public static let maxCharacters = 2000

    /// The query of `words`, or a usage error (exit 64; 400 on the site) saying the bound when
    /// it is too costly to run. `reader find` and `/search` both ask through this.
    public static func checked(_ words: [String]) throws -> FullTextQuery {
        let characters = words.reduce(0) { $0 + $1.unicodeScalars.count } + max(0, words.count - 1)
        guard characters <= maxCharacters else {
            throw ReaderError.usage(
                "a search may be at most \(maxCharacters) characters long (this one has \(characters)): search for fewer words")
        }
        let query = FullTextQuery(words)
        let count = (query.required + query.excluded).reduce(0) { $0 + $1.tokens.count }
        guard count <= maxWords else {
            throw ReaderError.usage("a search may have at most \(maxWords) words (this one has \(count)): search for fewer words")
        }
        return query
    }

    /// One word the index is asked about: a token of a required term, a prefix when it ends a
    /// `word*`.
    struct Word: Hashable {
        var token: String
        var prefix: Bool
    }

    /// The required words, each once.
    var words: [Word] {
        var words: [Word] = []
        for term in required {
            for (index, token) in term.tokens.enumerated() {
                let word = Word(token: token, prefix: term.prefix && index == term.tokens.count - 1)
                if !words.contains(word) { words.append(word) }
            }
        }
        return words
    }

    /// The FTS5 MATCH expression: every required word, none of the excluded ones that are one
    /// word; nil when there is nothing to look for (only exclusions, or no word at all).
    package var expression: String? {
        guard !required.isEmpty else { return nil }
        var expression = words.map { Self.string($0.token, prefix: $0.prefix) }.joined(separator: " AND ")
        let excludedWords = excluded.filter { $0.tokens.count == 1 }
        if !excludedWords.isEmpty {
            expression =
                "(\(expression)) NOT (" + excludedWords.map { Self.string($0.tokens[0], prefix: $0.prefix) }.joined(separator: " OR ") + ")"
        }
        return expression
    }

    /// Whether a passage the index answers must still be checked against its text: a phrase
    /// must have its words in order, an excluded phrase must not.
    package var checksText: Bool {
        required.contains { $0.tokens.count > 1 } || excluded.contains { $0.tokens.count > 1 }
    }

    /// `word` as an FTS5 string: in double quotes, `*` after it for a prefix. Tokens hold
    /// letters, digits and marks only, so no quote needs escaping.
    static func string(_ word: String, prefix: Bool) -> String {
        "\"" + word + "\"" + (prefix ? " *" : "")
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
