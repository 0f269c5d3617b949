/// Word-level precision, recall and F1 of an extracted text against an expected one, with both
/// taken as bags of words (multisets): order does not matter, repetitions do.
public struct WordOverlap: Sendable, CustomStringConvertible {
    public var precision: Double
    public var recall: Double
    public var f1: Double
    /// Expected words the extraction lacks, and extracted words not expected, with counts.
    public var missing: [String: Int]
    public var extra: [String: Int]

    public init(extracted: String, expected: String) {
        let got = WordOverlap.bag(extracted)
        let want = WordOverlap.bag(expected)
        var common = 0
        var missing: [String: Int] = [:]
        var extra: [String: Int] = [:]
        for (word, count) in want {
            let have = got[word] ?? 0
            common += min(have, count)
            if count > have { missing[word] = count - have }
        }
        for (word, count) in got where count > (want[word] ?? 0) { extra[word] = count - (want[word] ?? 0) }
        let gotTotal = got.values.reduce(0, +)
        let wantTotal = want.values.reduce(0, +)
        precision = gotTotal == 0 ? (wantTotal == 0 ? 1 : 0) : Double(common) / Double(gotTotal)
        recall = wantTotal == 0 ? 1 : Double(common) / Double(wantTotal)
        f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        self.missing = missing
        self.extra = extra
    }

    public var description: String {
        func percent(_ value: Double) -> String { String(Double(Int(value * 10000)) / 100) }
        return "P \(percent(precision)) R \(percent(recall)) F1 \(percent(f1))"
    }

    /// Lowercased words split on anything but letters and digits; each CJK character counts
    /// as a word, since those scripts do not put spaces between words.
    public static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        func finish() {
            if !current.isEmpty { result.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.lowercased().unicodeScalars {
            if isCJK(scalar) {
                finish()
                result.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else {
                finish()
            }
        }
        finish()
        return result
    }

    static func bag(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in words(text) { counts[word, default: 0] += 1 }
        return counts
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
