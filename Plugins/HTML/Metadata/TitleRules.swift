/// Choosing and cleaning the page title.
enum TitleRules {
    static let separators = [" | ", " - ", " – ", " — ", " · ", " :: ", " » ", " / ", " ~ "]

    /// `title` without the site name around it: " - Site", " | Site" and the like go when
    /// they repeat `siteName`.
    static func clean(_ title: String, siteName: String?) -> String {
        let title = title.collapsingWhitespace()
        let site = siteName?.collapsingWhitespace().lowercased() ?? ""
        let bytes = Array(title.utf8)
        for separator in separators {
            let mark = Array(separator.utf8)
            guard bytes.count > mark.count else { continue }
            for start in 0...(bytes.count - mark.count) where bytes[start..<start + mark.count].elementsEqual(mark) {
                let before = String(decoding: bytes[..<start], as: UTF8.self)
                let after = String(decoding: bytes[(start + mark.count)...], as: UTF8.self)
                if !site.isEmpty {
                    if after.lowercased() == site, !before.isEmpty { return before }
                    if before.lowercased() == site, !after.isEmpty { return after }
                }
            }
        }
        return title
    }

    /// How much of `b`'s wording is also in `a`, from 0 to 1 (Readability's text similarity).
    static func similarity(_ a: String, _ b: String) -> Double {
        if let fast = asciiSimilarity(a, b) { return fast }
        let tokensA = Set(tokens(a))
        let tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let unique = tokensB.filter { !tokensA.contains($0) }
        let total = tokensB.joined(separator: " ").count
        let distance = Double(unique.joined(separator: " ").count) / Double(total)
        return 1 - distance
    }

    /// The same for ASCII text, on bytes (headings are compared with the title one by one);
    /// nil when either text is not ASCII.
    private static func asciiSimilarity(_ a: String, _ b: String) -> Double? {
        guard a.utf8.allSatisfy({ $0 < 0x80 }), b.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func tokens(_ text: String) -> [ArraySlice<UInt8>] {
            let lower = text.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
            return lower.split { !(($0 &- 0x61 < 26) || ($0 &- 0x30 < 10) || $0 == 0x5F) }
        }
        let tokensA = Set(tokens(a))
        let tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let uniqueCount = tokensB.filter { !tokensA.contains($0) }
        // Lengths of the words joined by single spaces.
        func joinedLength(_ words: [ArraySlice<UInt8>]) -> Int { words.reduce(0) { $0 + $1.count } + max(words.count - 1, 0) }
        return 1 - Double(joinedLength(uniqueCount)) / Double(joinedLength(tokensB))
    }

    /// Lowercased words; each CJK character is a word, as those scripts do not space words.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isCJK {
                if !current.isEmpty { result.append(String(current)) }
                current = String.UnicodeScalarView()
                result.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
                current.append(scalar)
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }
}

extension Unicode.Scalar {
    /// Han, kana, Hangul and CJK punctuation-free blocks: scripts written without spaces.
    var isCJK: Bool {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
            0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}

/// Readability's reading of a `<title>` element: cut the site's part off at a separator, or
/// after a colon, unless what is left is too short to be a title.
enum TitleHeuristic {
    private static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    private static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    /// `headings` are the texts of the page's `h1` and `h2` elements; `onlyH1` the text of its
    /// `h1` when it has exactly one.
    static func title(from original: String, headings: [String], onlyH1: String?) -> String {
        let original = original.collapsingWhitespace()
        let characters = Array(original)
        var current = original
        var hadHierarchicalSeparators = false
        if hasSpacedSeparator(characters, in: separators) {
            hadHierarchicalSeparators = hasSpacedSeparator(characters, in: hierarchical)
            if let cut = characters.indices.last(where: { index in
                separators.contains(characters[index]) && index + 1 < characters.count && characters[index + 1] == " "
            }) {
                current = String(characters[..<cut])
            }
            if wordCount(current) < 3, let first = characters.firstIndex(where: { separators.contains($0) }) {
                current = String(characters[(first + 1)...])
            }
        } else if original.contains(": ") {
            if !headings.contains(original), let last = characters.lastIndex(of: ":"),
                let first = characters.firstIndex(of: ":")
            {
                current = String(characters[(last + 1)...])
                if wordCount(current) < 3 {
                    current = String(characters[(first + 1)...])
                } else if wordCount(String(characters[..<first])) > 5 {
                    current = original
                }
            }
        } else if characters.count > 150 || characters.count < 15, let onlyH1 {
            current = onlyH1
        }
        current = current.collapsingWhitespace()
        let words = wordCount(current)
        let withoutSeparators = String(characters.filter { !separators.contains($0) })
        if words <= 4, !hadHierarchicalSeparators || words != wordCount(withoutSeparators) - 1 {
            current = original
        }
        return current
    }

    /// A separator with a space on each side.
    private static func hasSpacedSeparator(_ characters: [Character], in set: Set<Character>) -> Bool {
        guard characters.count >= 3 else { return false }
        for index in 1..<(characters.count - 1) where set.contains(characters[index]) {
            if characters[index - 1] == " ", characters[index + 1] == " " { return true }
        }
        return false
    }

    /// Words as JavaScript's `split(/\s+/)` counts them: white-space runs plus one.
    private static func wordCount(_ text: String) -> Int {
        var count = 1
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
            }
        }
        return count
    }
}
