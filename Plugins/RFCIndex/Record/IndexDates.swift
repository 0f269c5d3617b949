/// The index's dates: "September 1981", "1 April 1990" at the end of an entry's head, and the
/// header's "(CREATED ON: 08/08/2025.)".
enum IndexDates {
    /// A date found at the end of a head: its parts and where it starts.
    struct Trailing {
        var date: Parts
        var start: Int
    }

    /// A date of the index: a month, or a day for April Fools' RFCs.
    struct Parts {
        var year: Int
        var month: Int
        var day: Int?

        /// `1981-09`, `1990-04-01`.
        var iso: String {
            // At most ten ASCII bytes: a small String, made without a heap allocation.
            String(unsafeUninitializedCapacity: Self.longestISO) { bytes in
                guard let start = bytes.baseAddress else { return 0 }
                return write(to: start)
            }
        }

        static let longestISO = 10

        /// Writes ``iso`` at `to`, which has room for ``longestISO`` bytes; returns the count.
        func write(to bytes: UnsafeMutablePointer<UInt8>) -> Int {
            func digit(_ value: Int) -> UInt8 { 0x30 &+ UInt8(truncatingIfNeeded: value % 10) }
            bytes[0] = digit(year / 1000)
            bytes[1] = digit(year / 100)
            bytes[2] = digit(year / 10)
            bytes[3] = digit(year)
            bytes[4] = Byte.hyphen
            bytes[5] = digit(month / 10)
            bytes[6] = digit(month)
            guard let day else { return 7 }
            bytes[7] = Byte.hyphen
            bytes[8] = digit(day / 10)
            bytes[9] = digit(day)
            return 10
        }
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
            let month = month(text, monthStart..<monthEnd)
        else { return nil }

        // April Fools' RFCs carry a day, which may sit alone at the end of the previous line.
        var dayEnd = monthStart
        while dayEnd > range.lowerBound, text[dayEnd - 1].isBlank { dayEnd -= 1 }
        var dayStart = dayEnd
        while dayStart > range.lowerBound, text[dayStart - 1].isDigit { dayStart -= 1 }
        if dayEnd < monthStart, dayEnd - dayStart >= 1, dayEnd - dayStart <= 2,
            dayStart == range.lowerBound || text[dayStart - 1].isBlank,
            let day = text.number(dayStart..<dayEnd), day >= 1, day <= 31
        {
            return Trailing(date: Parts(year: year, month: month, day: day), start: dayStart)
        }
        return Trailing(date: Parts(year: year, month: month, day: nil), start: monthStart)
    }

    /// The number of the English month named by `range`, 1 to 12.
    static func month(_ text: ByteText, _ range: Range<Int>) -> Int? {
        func either(_ first: StaticString, _ firstNumber: Int, _ second: StaticString, _ secondNumber: Int) -> Int? {
            text.equals(range, first) ? firstNumber : text.equals(range, second) ? secondNumber : nil
        }
        switch range.count {
        case 3: return either("May", 5, "May", 5)
        case 4: return either("June", 6, "July", 7)
        case 5: return either("March", 3, "April", 4)
        case 6: return either("August", 8, "August", 8)
        case 7: return either("January", 1, "October", 10)
        case 8: return either("February", 2, "November", 11) ?? either("December", 12, "December", 12)
        case 9: return either("September", 9, "September", 9)
        default: return nil
        }
    }

    /// The ISO date of the header's "(CREATED ON: MM/DD/YYYY.)", if the header has one.
    static func created(in text: ByteText, before end: Int) -> String? {
        let marker: StaticString = "CREATED ON:"
        guard let found = text.first(marker, in: 0..<end) else { return nil }
        var index = found + marker.utf8CodeUnitCount
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
        return Parts(year: year, month: month, day: day).iso
    }
}

/// The ISO text of each month of the index's years, made once: most entries have no day.
struct ISODateTexts {
    private var months: [String?] = []
    private static let firstYear = 1960
    private static let years = 140

    mutating func text(_ date: IndexDates.Parts) -> String {
        guard date.day == nil, date.year >= Self.firstYear, date.year < Self.firstYear + Self.years else { return date.iso }
        let slot = (date.year - Self.firstYear) * 12 + date.month - 1
        if months.isEmpty { months = Array(repeating: nil, count: Self.years * 12) }
        if let known = months[slot] { return known }
        let text = date.iso
        months[slot] = text
        return text
    }
}

extension ByteText {
    /// Where `word` first occurs within `range`.
    func first(_ word: StaticString, in range: Range<Int>) -> Int? {
        let length = word.utf8CodeUnitCount
        guard length > 0, range.count >= length else { return nil }
        let head = word.utf8Start.pointee
        var index = range.lowerBound
        let last = range.upperBound - length
        while index <= last {
            if text[index] == head, equals(index..<index + length, word) { return index }
            index += 1
        }
        return nil
    }
}
