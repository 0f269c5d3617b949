/// Comparing titles with the page's text.
enum TitleRules {
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

/// Mozilla Readability's reading of a `<title>` element (its `_getArticleTitle`), rule for
/// rule: the site's part goes at a separator, or before a colon, unless what is left is too
/// short to be a title; a title too long or too short gives way to the page's only `<h1>`.
/// Titles from meta tags and JSON-LD are taken as they are, as Readability takes them.
enum TitleHeuristic {
    /// `| - – — \ / > »`, each counting only with white space on both sides.
    static let separators: Set<Unicode.Scalar> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    static let hierarchical: Set<Unicode.Scalar> = ["\\", "/", ">", "»"]

    /// `headings` are the texts of the page's `h1` and `h2` elements; `onlyH1` the text of its
    /// `h1` when it has exactly one.
    static func title(from original: String, headings: [String], onlyH1: String?) -> String {
        let original = original.collapsingWhitespace()
        let scalars = Array(original.unicodeScalars)
        var current = original
        var hadHierarchicalSeparators = false
        if let last = spacedSeparators(scalars, in: separators).last {
            hadHierarchicalSeparators = !spacedSeparators(scalars, in: hierarchical).isEmpty
            // The part before the last separator; if that is under three words, all after the first.
            current = string(scalars[..<last])
            if wordCount(current) < 3, let first = scalars.firstIndex(where: separators.contains) {
                current = string(scalars[(first + 1)...])
            }
        } else if original.contains(": ") {
            // A heading that is the whole title says the colon belongs to it.
            if !headings.contains(original), let first = scalars.firstIndex(of: ":"), let last = scalars.lastIndex(of: ":") {
                current = string(scalars[(last + 1)...])
                if wordCount(current) < 3 {
                    current = string(scalars[(first + 1)...])
                } else if wordCount(string(scalars[..<first])) > 5 {
                    // Too many words before the colon: not a "Section: title" form.
                    current = original
                }
            }
        } else if original.utf16.count > 150 || original.utf16.count < 15, let onlyH1 {
            // JavaScript string lengths: UTF-16 code units.
            current = onlyH1
        }
        current = current.collapsingWhitespace()
        // Four words or fewer left: the original, unless only a hierarchical separator's last
        // part went (one word fewer than the title without its separators).
        let words = wordCount(current)
        let withoutSeparators = string(scalars.filter { !separators.contains($0) })
        if words <= 4, !hadHierarchicalSeparators || words != wordCount(withoutSeparators) - 1 {
            current = original
        }
        return current
    }

    /// Where each ` | `-like separator starts (its leading white space), found left to right
    /// without overlaps, as JavaScript's `matchAll(/\s[|\-–—\\\/>»]\s/g)` finds them.
    static func spacedSeparators(_ scalars: [Unicode.Scalar], in set: Set<Unicode.Scalar>) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index + 2 < scalars.count {
            if isSpace(scalars[index]), set.contains(scalars[index + 1]), isSpace(scalars[index + 2]) {
                found.append(index)
                index += 3
            } else {
                index += 1
            }
        }
        return found
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{FEFF}" }

    private static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Words as JavaScript's `split(/\s+/)` counts them: white-space runs plus one (so a
    /// leading space counts an empty word, as it does there).
    static func wordCount(_ text: String) -> Int {
        var count = 1
        var inSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
            }
        }
        return count
    }
}
