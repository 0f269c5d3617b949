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

    /// A byline set on several lines (`by Jeff Foust<br>Monday, November 18, 2019`) as one:
    /// the lines kept apart by a separator, not run together ("Jeff FoustMonday"); a line
    /// that is only "By" leads the name after it.
    static func joining(_ lines: [String]) -> String {
        var result = ""
        for line in lines {
            if result.isEmpty {
                result = line
            } else if isOpener(result.split(separator: " ").last.map(String.init) ?? "") && result.count <= 4 {
                result += " " + line
            } else {
                result += " · " + line
            }
        }
        return result
    }

    private static func isOpener(_ word: String) -> Bool {
        openers.contains { $0.dropLast().lowercased() == word.lowercased() }
    }
}
