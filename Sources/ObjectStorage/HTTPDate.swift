/// The `Date` header of a server's answer (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110's
/// IMF-fixdate, which S3 sends), as seconds since 1970. `reader cache gc --remote` times its
/// grace period by the server's clock alone, so that the clocks of the machines that push and
/// collect never need to agree.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The seconds `text` names, or nil when it is not an IMF-fixdate.
    public static func seconds(_ text: String) -> Int? {
        let words = text.split(separator: " ")
        guard words.count == 6, words[5] == "GMT", let day = Int(words[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(words[2])), let year = Int(words[3]), year >= 1970
        else { return nil }
        let clock = words[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        return days(year: year, month: month + 1, day: day) * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
