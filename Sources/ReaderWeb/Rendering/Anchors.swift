/// Heading anchors of one page, each given once.
struct Anchors {
    private var used: Set<String> = []

    mutating func unique(_ anchor: String) -> String {
        var candidate = anchor
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(anchor)-\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// A section number as an anchor: `3.2.` → `3.2`; only letters, digits, dots and hyphens.
    static func trimmed(_ number: String) -> String {
        var text = String(number.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "untitled" : text
    }

    /// A title's words, lower case, joined by hyphens: `Security Considerations` →
    /// `security-considerations`.
    static func slug(_ title: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
            if words.count == 8 { break }
        }
        if !word.isEmpty && words.count < 8 { words.append(word) }
        return words.isEmpty ? "untitled" : words.joined(separator: "-")
    }
}
