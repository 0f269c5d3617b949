/// The query held to a passage's text: what the index, which keeps no word positions, cannot
/// tell, and which words a snippet marks.
extension FullTextQuery {
    /// Whether `passage`, of a document titled `title`, has each phrase of the query with its
    /// words in order, and none of its excluded phrases, in its body, its heading or the title
    /// (a phrase is never read across two of them). Its single words the index has checked.
    package func isMatched(by passage: Passage, title: String) -> Bool {
        let phrases = required.filter { $0.tokens.count > 1 }
        let excludedPhrases = excluded.filter { $0.tokens.count > 1 }
        guard !phrases.isEmpty || !excludedPhrases.isEmpty else { return true }
        let words = TextWords.Query(phrases + excludedPhrases)
        let texts = [passage.body, passage.heading ?? "", title].map { TextWords($0, words) }
        func has(_ phrase: Term) -> Bool { texts.contains { $0.matches(of: [phrase], words).contains(true) } }
        return phrases.allSatisfy(has) && !excludedPhrases.contains(where: has)
    }
}
