/// A section number at the start of a heading or a contents line: `3.2`, `A.1`, `Appendix B`, `IV`.
struct SectionNumber: Equatable, Sendable {
    /// The parts between the dots: `["3", "2"]`.
    var parts: [String]
    /// Written as `Appendix X`.
    var isAppendix: Bool
    /// The first byte of the title after the number.
    var titleStart: Int

    var text: String { parts.joined(separator: ".") }

    private static let appendixWord = Array("appendix ".utf8)

    /// Reads a number and the gap after it from `start`; nil when the text does not start with one
    /// followed by a title.
    static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> SectionNumber? {
        // Read twice: first whether a number is there (most lines tried hold none), then its
        // parts, so that the array of them is made only for a number.
        guard let (isAppendix, titleStart) = read(bytes, from: start, to: end, part: { _ in }) else { return nil }
        var parts: [String] = []
        parts.reserveCapacity(4)
        _ = read(bytes, from: start, to: end) { parts.append(String(decoding: bytes[$0], as: UTF8.self)) }
        return SectionNumber(parts: parts, isAppendix: isAppendix, titleStart: titleStart)
    }

    /// Whether the text at `start` is a number followed by a title (``parse(_:from:to:)`` is
    /// not nil), its parts not made.
    static func starts(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        read(bytes, from: start, to: end, part: { _ in }) != nil
    }

    /// Reads a number from `start` as ``parse(_:from:to:)`` does, handing each of its parts to
    /// `part`: whether it is written as an appendix, and where its title starts.
    private static func read(
        _ bytes: [UInt8], from start: Int, to end: Int, part: (Range<Int>) -> Void
    ) -> (isAppendix: Bool, titleStart: Int)? {
        var index = start
        var isAppendix = false
        if end - index > appendixWord.count,
            zip(bytes[index..<(index + appendixWord.count)], appendixWord).allSatisfy({ ASCII.lowercased($0) == $1 })
        {
            isAppendix = true
            index += appendixWord.count
            while index < end, bytes[index] == ASCII.space { index += 1 }
        }
        guard index < end else { return nil }
        let first = bytes[index]
        if ASCII.isDigit(first) {
            guard let digits = digits(bytes, &index, end) else { return nil }
            part(digits)
        } else if ASCII.isUpper(first) {
            let letters = index
            while index < end, ASCII.isUpper(bytes[index]), index - letters < 5 { index += 1 }
            let word = String(decoding: bytes[letters..<index], as: UTF8.self)
            guard word.count == 1 || Ordinal.roman(word) != nil else { return nil }
            // A bare capital is a word ("A summary"), not a number, unless a dot or `Appendix` says so.
            let dotted = index < end && bytes[index] == ASCII.period
            guard dotted || (isAppendix && word.count == 1) else { return nil }
            part(letters..<index)
        } else {
            return nil
        }
        while index + 1 < end, bytes[index] == ASCII.period, ASCII.isDigit(bytes[index + 1]) {
            index += 1
            guard let digits = digits(bytes, &index, end) else { return nil }
            part(digits)
        }
        if index < end, bytes[index] == ASCII.period || (isAppendix && bytes[index] == 0x3A) { index += 1 }
        guard index < end, bytes[index] == ASCII.space else { return nil }
        while index < end, bytes[index] == ASCII.space { index += 1 }
        guard index < end else { return nil }
        return (isAppendix, index)
    }

    private static func digits(_ bytes: [UInt8], _ index: inout Int, _ end: Int) -> Range<Int>? {
        let start = index
        while index < end, ASCII.isDigit(bytes[index]) { index += 1 }
        guard index > start, index - start <= 3 else { return nil }
        return start..<index
    }

    /// Whether this number can come next after `previous` (the last heading's parts): the next
    /// sibling of it or of an ancestor, or a first child. Keeps numbered list items and stray
    /// numbers at the margin from passing for headings.
    func follows(_ previous: [String]?) -> Bool {
        guard let previous else {
            return Ordinal.isFirst(parts[0], appendix: isAppendix) && parts.dropFirst().allSatisfy { $0 == "1" }
        }
        if parts.count > previous.count, Array(parts.prefix(previous.count)) == previous {
            return parts.dropFirst(previous.count).allSatisfy { $0 == "1" }
        }
        for level in 0..<min(parts.count, previous.count) where parts[level] != previous[level] {
            guard parts.dropFirst(level + 1).allSatisfy({ $0 == "1" }) else { return false }
            return Ordinal.isSuccessor(parts[level], of: previous[level], appendix: isAppendix && level == 0)
        }
        return false
    }
}

/// The values of section number parts: decimal, letters (appendices), roman numerals (RFC 1).
enum Ordinal {
    static func isFirst(_ part: String, appendix: Bool) -> Bool {
        part == "1" || part == "I" || (appendix && part == "A")
    }

    static func isSuccessor(_ part: String, of previous: String, appendix: Bool) -> Bool {
        if let value = Int(part), let before = Int(previous) { return value == before + 1 || value == before + 2 }
        if let value = letter(part), let before = letter(previous), value == before + 1 { return true }
        if let value = roman(part), let before = roman(previous), value == before + 1 { return true }
        // Appendices follow the numbered sections.
        return appendix && part == "A" && letter(previous) == nil
    }

    private static func letter(_ part: String) -> Int? {
        guard part.utf8.count == 1, let byte = part.utf8.first, ASCII.isUpper(byte) else { return nil }
        return Int(byte - 0x40)
    }

    static func roman(_ word: String) -> Int? {
        var total = 0
        var previous = 0
        for byte in word.utf8.reversed() {
            let value: Int
            switch byte {
            case 0x49: value = 1  // I
            case 0x56: value = 5  // V
            case 0x58: value = 10  // X
            case 0x4C: value = 50  // L
            case 0x43: value = 100  // C
            default: return nil
            }
            total += value < previous ? -value : value
            previous = max(previous, value)
        }
        return total > 0 ? total : nil
    }
}
