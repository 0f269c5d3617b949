/// RSS writes dates as RFC 822 does (`Mon, 30 Jun 2025 09:15:00 +0000`); documents carry
/// ISO 8601 (`2025-06-30T09:15:00Z`). Atom's dates are ISO 8601 already.
enum FeedDates {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let zones = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
    ]

    /// The date in ISO 8601, or the text as written when it is not an RFC 822 date.
    static func iso(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
        if let first = words.first, Int(first) == nil { words.removeFirst() }  // the day's name
        guard words.count >= 4, let day = Int(words[0]), (1...31).contains(day),
            let month = months.firstIndex(of: String(words[1].prefix(3))), var year = Int(words[2])
        else { return text }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count >= 2, clock.count == words[3].split(separator: ":").count else { return text }
        let time = clock.map(Self.two).joined(separator: ":") + (clock.count == 2 ? ":00" : "")
        let date = "\(year)-\(two(month + 1))-\(two(day))T\(time)"
        guard words.count >= 5 else { return date }
        return date + zone(words[4])
    }

    private static func zone(_ word: String) -> String {
        if let hours = zones[word] { return hours == 0 ? "Z" : offset(hours * 60) }
        guard word.count == 5, let sign = word.first, sign == "+" || sign == "-", let value = Int(word.dropFirst()) else { return "" }
        let minutes = (value / 100) * 60 + value % 100
        return minutes == 0 ? "Z" : offset(sign == "-" ? -minutes : minutes)
    }

    private static func offset(_ minutes: Int) -> String {
        (minutes < 0 ? "-" : "+") + two(abs(minutes) / 60) + ":" + two(abs(minutes) % 60)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
