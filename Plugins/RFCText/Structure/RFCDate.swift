/// Dates as RFCs write them (`September 1981`, `7 April 1969`, `April 1, 1990`), to ISO 8601.
enum RFCDate {
    private static let months = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// The ISO form of `text` when all of it is a date: `1981-09`, `1969-04-07`.
    static func iso(_ text: String) -> String? {
        let words = text.lowercased().split { $0 == " " || $0 == "," }.map { word in
            word.hasSuffix(".") ? word.dropLast() : word
        }
        switch words.count {
        case 2:
            guard let month = month(words[0]), let year = year(words[1]) else { return nil }
            return "\(year)-\(pad(month))"
        case 3:
            guard let year = year(words[2]) else { return nil }
            if let month = month(words[1]), let day = day(words[0]) { return "\(year)-\(pad(month))-\(pad(day))" }
            if let month = month(words[0]), let day = day(words[1]) { return "\(year)-\(pad(month))-\(pad(day))" }
            return nil
        default:
            return nil
        }
    }

    private static func month(_ word: Substring) -> Int? {
        if let index = months.firstIndex(where: { $0 == word }) { return index + 1 }
        guard word.count >= 3 else { return nil }
        if word == "sept" { return 9 }
        return word.count == 3 ? months.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 } : nil
    }

    private static func year(_ word: Substring) -> Int? {
        guard word.count == 4, let value = Int(word), value >= 1960, value <= 2200 else { return nil }
        return value
    }

    private static func day(_ word: Substring) -> Int? {
        guard word.count <= 2, let value = Int(word), value >= 1, value <= 31 else { return nil }
        return value
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
