/// A person's notes held to a `find` query: the index answers the notes holding its words
/// (NoteIndex.swift), each then held to its record's text, for its phrases.
extension FullTextQuery {
    /// Whether every required term (a word, a `word*`, a phrase) stands in one of `texts` and
    /// no excluded one does, the words folded and cut as the full-text index cuts them.
    package func isMatched(byTexts texts: [String]) -> Bool {
        guard !required.isEmpty else { return false }
        let words = TextWords.Query(required + excluded)
        let read = texts.map { TextWords($0, words) }
        func has(_ term: Term) -> Bool { read.contains { $0.matches(of: [term], words).contains(true) } }
        return required.allSatisfy(has) && !excluded.contains(where: has)
    }
}
