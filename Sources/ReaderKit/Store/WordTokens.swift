import Foundation

/// Words as the full-text index cuts them (FTS5's `unicode61` tokenizer with
/// `remove_diacritics 2`): runs of letters, digits and private-use characters, compared
/// without case or diacritics. A query's words are cut this way, and so is a passage's text
/// when its snippet marks the words that matched.
enum WordTokens {
    struct Token {
        /// Where the word is, in Unicode scalars from the start of the text.
        var start: Int
        var end: Int
        /// The word without case or diacritics (`Ünïcode` → `unicode`); empty when the caller
        /// asked for none (see `folding`).
        var folded: String
    }

    /// The words of `text`. `folding` says which words to fold, by length in scalars (a
    /// snippet compares only words as long as a query's): folding every word of a long
    /// passage would cost more than finding them.
    static func tokens(of text: String, folding: (Int) -> Bool = { _ in true }) -> [Token] {
        var tokens: [Token] = []
        var start = -1
        var word = String.UnicodeScalarView()
        var ascii = true
        var offset = 0
        func close() {
            guard start >= 0 else { return }
            let folded = ascii && !folding(offset - start) ? "" : fold(String(word), ascii: ascii)
            tokens.append(Token(start: start, end: offset, folded: folded))
            start = -1
            word = String.UnicodeScalarView()
            ascii = true
        }
        for scalar in text.unicodeScalars {
            if isWordCharacter(scalar) {
                if start < 0 { start = offset }
                word.append(scalar)
                if !scalar.isASCII { ascii = false }
            } else {
                close()
            }
            offset += 1
        }
        close()
        return tokens
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse,
            // Combining marks stay with their letter: a snippet never ends between the two.
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    private static func fold(_ word: String, ascii: Bool) -> String {
        if ascii { return word.lowercased() }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
