/// Choosing and cleaning the page title.
enum TitleRules {
    static let separators = [" | ", " - ", " – ", " — ", " · ", " :: ", " » ", " / ", " ~ "]

    /// `title` without the site name around it: " - Site", " | Site" and the like go when
    /// they repeat `siteName`, or when what remains is the page's main heading.
    static func clean(_ title: String, siteName: String?, heading: String?) -> String {
        let title = title.collapsingWhitespace()
        let site = siteName?.collapsingWhitespace().lowercased() ?? ""
        let heading = heading?.collapsingWhitespace() ?? ""
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
                if !heading.isEmpty, before == heading || after == heading { return heading }
            }
        }
        return title
    }

    /// How much of `b`'s wording is also in `a`, from 0 to 1 (Readability's text similarity).
    static func similarity(_ a: String, _ b: String) -> Double {
        let tokensA = Set(tokens(a))
        let tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let unique = tokensB.filter { !tokensA.contains($0) }
        let total = tokensB.joined(separator: " ").count
        let distance = Double(unique.joined(separator: " ").count) / Double(total)
        return 1 - distance
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
