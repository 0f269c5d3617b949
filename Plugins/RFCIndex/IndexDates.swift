/// The index's dates: "September 1981", "1 April 1990" at the end of an entry's head, and the
/// header's "(CREATED ON: 08/08/2025.)".
enum IndexDates {
    static let months: [[UInt8]] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ].map { Array($0.utf8) }

    /// A date found at the end of a head: its ISO form and where it starts.
    struct Trailing {
        var iso: String
        var start: Int
    }

    /// The "[day] Month Year" that ends `range` (its closing period already removed).
    static func trailing(in text: ByteText, _ range: Range<Int>) -> Trailing? {
        let range = text.trimmed(range)
        var yearStart = range.upperBound
        while yearStart > range.lowerBound, text[yearStart - 1].isDigit { yearStart -= 1 }
        guard range.upperBound - yearStart == 4, let year = text.number(yearStart..<range.upperBound) else {
            return nil
        }

        var monthEnd = yearStart
        while monthEnd > range.lowerBound, text[monthEnd - 1].isBlank { monthEnd -= 1 }
        guard monthEnd < yearStart else { return nil }
        var monthStart = monthEnd
        while monthStart > range.lowerBound, text[monthStart - 1].isASCIILetter { monthStart -= 1 }
        guard monthStart == range.lowerBound || text[monthStart - 1].isBlank,
            let month = months.firstIndex(where: { text.equals(monthStart..<monthEnd, $0) })
        else { return nil }

        // April Fools' RFCs carry a day, which may sit alone at the end of the previous line.
        var dayEnd = monthStart
        while dayEnd > range.lowerBound, text[dayEnd - 1].isBlank { dayEnd -= 1 }
        var dayStart = dayEnd
        while dayStart > range.lowerBound, text[dayStart - 1].isDigit { dayStart -= 1 }
        if dayEnd < monthStart, (1...2).contains(dayEnd - dayStart),
            dayStart == range.lowerBound || text[dayStart - 1].isBlank,
            let day = text.number(dayStart..<dayEnd), (1...31).contains(day)
        {
            return Trailing(iso: iso(year: year, month: month + 1, day: day), start: dayStart)
        }
        return Trailing(iso: iso(year: year, month: month + 1, day: nil), start: monthStart)
    }

    /// The ISO date of the header's "(CREATED ON: MM/DD/YYYY.)", if the header has one.
    static func created(in text: ByteText, before end: Int) -> String? {
        let marker = Array("CREATED ON:".utf8)
        guard let found = text.first(marker, in: 0..<end) else { return nil }
        var index = found + marker.count
        while index < end, text[index].isBlank { index += 1 }
        var parts: [Int] = []
        while parts.count < 3 {
            let start = index
            while index < end, text[index].isDigit { index += 1 }
            guard let value = text.number(start..<index) else { return nil }
            parts.append(value)
            if parts.count < 3 {
                guard index < end, text[index] == Byte.slash else { return nil }
                index += 1
            }
        }
        let (month, day, year) = (parts[0], parts[1], parts[2])
        guard (1...12).contains(month), (1...31).contains(day), (1000...9999).contains(year) else { return nil }
        return iso(year: year, month: month, day: day)
    }

    static func iso(year: Int, month: Int, day: Int?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        for divisor in [1000, 100, 10, 1] { bytes.append(UInt8(0x30 + year / divisor % 10)) }
        bytes.append(Byte.hyphen)
        bytes.append(UInt8(0x30 + month / 10))
        bytes.append(UInt8(0x30 + month % 10))
        if let day {
            bytes.append(Byte.hyphen)
            bytes.append(UInt8(0x30 + day / 10))
            bytes.append(UInt8(0x30 + day % 10))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ByteText {
    /// Where `word` first occurs within `range`.
    func first(_ word: [UInt8], in range: Range<Int>) -> Int? {
        guard let head = word.first, range.count >= word.count else { return nil }
        var index = range.lowerBound
        let last = range.upperBound - word.count
        while index <= last {
            if text[index] == head, equals(index..<index + word.count, word) { return index }
            index += 1
        }
        return nil
    }
}
