/// A line that names who wrote the page: "By" (in the languages of the pages tested) and a
/// capitalised name, short, and not a sentence ("By Monday. The talks…" is one).
enum Byline {
    static let openers = ["By ", "Por ", "Von ", "Par ", "Oleh ", "Door ", "Di ", "Da "]

    static func isLine(_ text: String) -> Bool {
        guard text.count <= 100 else { return false }
        for opener in openers where text.hasPrefix(opener) {
            let rest = text.dropFirst(opener.count)
            guard let first = rest.first, first.isUppercase else { return false }
            // A sentence ends inside: prose, unless the period ends "a.m." or "p.m.".
            let trimmed = rest.hasSuffix("a.m.") || rest.hasSuffix("p.m.") ? rest.dropLast(4) : rest
            return !trimmed.contains(". ") && !trimmed.hasSuffix(".")
        }
        return false
    }
}
