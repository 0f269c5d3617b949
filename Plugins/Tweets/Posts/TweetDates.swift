/// The API's two date formats, as ISO 8601.
enum TweetDates {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Wed Dec 02 18:16:35 +0000 2015` (v1.1, archive) → `2015-12-02T18:16:35Z`;
    /// `2020-06-25T06:14:19.000Z` (v2, note tweets) → `2020-06-25T06:14:19Z`.
    /// Nil for anything else.
    static func iso8601(_ raw: String) -> String? {
        if let first = raw.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            return isoDate(raw)
        }
        return v1Date(raw)
    }

    private static func v1Date(_ raw: String) -> String? {
        let parts = raw.split(separator: " ")
        guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])),
            parts[2].count == 2, parts[2].allSatisfy(\.isASCIIDigit),
            parts[3].count == 8, isClock(parts[3]),
            parts[5].count == 4, parts[5].allSatisfy(\.isASCIIDigit),
            let zone = zone(parts[4])
        else { return nil }
        let monthNumber = month + 1 < 10 ? "0\(month + 1)" : "\(month + 1)"
        return "\(parts[5])-\(monthNumber)-\(parts[2])T\(parts[3])\(zone)"
    }

    /// `+0000` → `Z`, `+0530` → `+05:30`.
    private static func zone(_ offset: Substring) -> String? {
        guard offset.count == 5, offset.first == "+" || offset.first == "-",
            offset.dropFirst().allSatisfy(\.isASCIIDigit)
        else { return nil }
        if offset.dropFirst() == "0000" { return "Z" }
        return "\(offset.prefix(3)):\(offset.suffix(2))"
    }

    private static func isClock(_ time: Substring) -> Bool {
        time.enumerated().allSatisfy { index, character in
            index == 2 || index == 5 ? character == ":" : character.isASCIIDigit
        }
    }

    /// Already ISO 8601; a zero fraction of a second is dropped so all sources read alike.
    private static func isoDate(_ raw: String) -> String? {
        let bytes = Array(raw.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        if raw.hasSuffix(".000Z") { return String(raw.dropLast(5)) + "Z" }
        return raw
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
