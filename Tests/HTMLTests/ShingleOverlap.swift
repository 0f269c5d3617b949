/// The news benchmark's own measure (its `evaluate.py`): case-sensitive `\w+` tokens, joined
/// into 4-word shingles counted with their repeats; a page's true and false positives and
/// false negatives. Its means are not of F1s: precision is averaged over the pages with output,
/// recall over the pages with a reference, and F1 is taken of the two means.
struct ShingleOverlap {
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0

    init(extracted: String, expected: String) {
        let got = Self.shingles(extracted)
        let want = Self.shingles(expected)
        for (shingle, count) in got {
            let wanted = want[shingle] ?? 0
            truePositives += min(count, wanted)
            falsePositives += max(0, count - wanted)
        }
        for (shingle, count) in want { falseNegatives += max(0, count - (got[shingle] ?? 0)) }
    }

    var precision: Double? {
        truePositives + falsePositives == 0 ? nil : Double(truePositives) / Double(truePositives + falsePositives)
    }
    var recall: Double? {
        truePositives + falseNegatives == 0 ? nil : Double(truePositives) / Double(truePositives + falseNegatives)
    }

    /// F1 of the mean precision and the mean recall of several pages.
    static func meanF1(_ pages: [ShingleOverlap]) -> (f1: Double, precision: Double, recall: Double) {
        let precisions = pages.compactMap(\.precision)
        let recalls = pages.compactMap(\.recall)
        let precision = precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count)
        let recall = recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count)
        let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        return (f1, precision, recall)
    }

    /// Runs of four tokens; a text of fewer tokens is one shingle of them all, as the benchmark
    /// counts it.
    static func shingles(_ text: String, size: Int = 4) -> [String: Int] {
        let tokens = self.tokens(text)
        var counts: [String: Int] = [:]
        guard !tokens.isEmpty else { return counts }
        for start in 0..<max(1, tokens.count - size + 1) {
            counts[tokens[start..<min(start + size, tokens.count)].joined(separator: " "), default: 0] += 1
        }
        return counts
    }

    /// Python's `\w+`: letters, digits (any script) and the underscore, case kept.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar.properties.numericType != nil { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }
}
