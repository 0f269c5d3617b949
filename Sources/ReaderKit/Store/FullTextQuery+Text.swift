/// The query held to a passage's text: what the index, which keeps no word positions, cannot
/// tell, and which words a snippet marks.
extension FullTextQuery {
    /// Whether `passage`, of a document titled `title`, has each phrase of the query with its
    /// words in order, and none of its excluded phrases, in its body, its heading or the title
    /// (a phrase is never read across two of them). Its single words the index has checked.
    func isMatched(by passage: Passage, title: String) -> Bool {
        let phrases = required.filter { $0.tokens.count > 1 }
        let excludedPhrases = excluded.filter { $0.tokens.count > 1 }
        guard !phrases.isEmpty || !excludedPhrases.isEmpty else { return true }
        let folding = Self.folding(for: phrases + excludedPhrases)
        let texts = [passage.body, passage.heading ?? "", title].map { WordTokens.tokens(of: $0, folding: folding) }
        func has(_ phrase: Term) -> Bool { texts.contains { Self.matches(of: [phrase], in: $0).contains(true) } }
        return phrases.allSatisfy(has) && !excludedPhrases.contains(where: has)
    }

    /// Which words of a text need folding to be compared with `terms`, by length in scalars: an
    /// ASCII word folds to as many letters as it has, so only those as long as a term's word
    /// (or longer, for a prefix or a word cut at ``WordTokens/longestWord``) can match.
    static func folding(for terms: [Term]) -> (Int) -> Bool {
        let lengths = terms.flatMap { term in
            term.tokens.enumerated().map { index, token in
                let length = token.unicodeScalars.count
                let atLeast = (term.prefix && index == term.tokens.count - 1) || token.utf8.count >= WordTokens.longestWord
                return (length, atLeast)
            }
        }
        return { length in lengths.contains { $0.1 ? length >= $0.0 : length == $0.0 } }
    }

    /// Which tokens the terms match: a word equal to a term's (or beginning with it, for a
    /// prefix), or every word of a phrase in order.
    static func matches(of terms: [FullTextQuery.Term], in tokens: [WordTokens.Token]) -> [Bool] {
        var matched = [Bool](repeating: false, count: tokens.count)
        for term in terms {
            let length = term.tokens.count
            guard length > 0, tokens.count >= length else { continue }
            for start in 0...(tokens.count - length) {
                var all = true
                for (step, word) in term.tokens.enumerated() {
                    let token = tokens[start + step].folded
                    let isLast = step == length - 1
                    if !(token == word || (isLast && term.prefix && token.hasPrefix(word))) {
                        all = false
                        break
                    }
                }
                if all { for step in 0..<length { matched[start + step] = true } }
            }
        }
        return matched
    }
}
