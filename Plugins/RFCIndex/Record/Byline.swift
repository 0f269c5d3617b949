/// Tells an entry's title from its authors in "Title. Author 1, Author 2, Ed.".
///
/// The index marks neither end: titles hold periods ("M.I.T.", "U.S. Government ...",
/// "ITU-T Rec. H.263") and commas, and authors hold periods too ("S.D. Crocker",
/// "R. Fielding, Ed.", "T. Reddy.K", "Network Information Center. Stanford Research Institute").
/// So the authors are read from the right, one comma-separated name at a time, while each
/// looks like a name; the name that does not is where the title ends, at its first ". " after
/// which a name follows.
struct Byline {
    var title: Range<Int>
    /// Where the names are in the items given to ``split(_:_:items:)``, "Ed." and the like
    /// joined to the name they follow.
    var authors: Range<Int>
}

extension Byline {
    static let longestSearchedNames = 4096

    /// Splits `range` (the head without its date). Nil when no ". " can end the title.
    /// `items` is scratch space; the authors are a part of it.
    static func split(_ text: ByteText, _ range: Range<Int>, items: ScratchList<Range<Int>>) -> Byline? {
        // The comma-separated parts are taken from the right while they look like names, so
        // that a title's own commas are never looked at. Item 0 is kept for the first name.
        items.removeAll()
        items.append(range.lowerBound..<range.lowerBound)
        var contentStart: Int?
        var end = range.upperBound
        var chunk: Range<Int>?
        while chunk == nil {
            let separator = text.lastSeparator(in: range, before: end)
            let part = text.trimmed((separator.map { $0 + 1 } ?? range.lowerBound)..<end)
            guard let separator else {
                if !part.isEmpty { chunk = part }
                break
            }
            end = separator
            if part.isEmpty { continue }
            // Whether any part is left of this one; the leftmost part is the chunk in any case.
            let start = contentStart ?? text.firstContent(in: range)
            contentStart = start
            if start < separator, text.isSuffix(part) || text.isPerson(part) || text.isPlainName(part) {
                items.append(part)
            } else {
                chunk = part
            }
        }
        guard let chunk else { return nil }
        // The names were gathered right to left.
        var low = 1
        var high = items.count - 1
        while low < high {
            let swapped = items[low]
            items[low] = items[high]
            items[high] = swapped
            low += 1
            high -= 1
        }
        let first = 0
        // Each candidate looks at the rest of the chunk. A real head is a few hundred bytes;
        // in a giant one only the last few KiB are searched, so that time stays linear.
        var from = max(chunk.lowerBound, chunk.upperBound - Self.longestSearchedNames)
        var chosen: Int?
        var lastCandidate: Int?
        while let dot = text.firstPair(Byte.period, Byte.space, in: from..<chunk.upperBound) {
            lastCandidate = dot
            let name = text.trimmed(dot + 2..<chunk.upperBound)
            if text.isPerson(name)
                || ((text.isPlainName(name) || text.isOrganization(name))
                    && !text.endsWithAbbreviation(chunk.lowerBound..<dot))
            {
                chosen = dot
                break
            }
            from = dot + 1
        }
        // When nothing looks like a name, the last ". " is the likeliest end of the title.
        guard let dot = chosen ?? lastCandidate else { return nil }

        // The names are gathered in place of the items they came from.
        items[first] = text.trimmed(dot + 2..<chunk.upperBound)
        var last = first
        for index in (first + 1)..<items.count {
            if text.isSuffix(items[index]) {
                // "Ed.", "II", "et al." belong to the name before them, comma and all.
                items[last] = items[last].lowerBound..<items[index].upperBound
            } else {
                last += 1
                items[last] = items[index]
            }
        }
        // "M.I.T." and "etc." end the title with their own period.
        let title = text.trimmed(range.lowerBound..<dot)
        let keepsPeriod = text.endsWithAbbreviation(title, dotted: true) || text.endsWithEtc(title)
        return Byline(title: keepsPeriod ? title.lowerBound..<dot + 1 : title, authors: first..<last + 1)
    }
}

extension ByteText {
    /// The last comma in `range` before `end` that separates parts as ``forEachPart(_:by:_:)``
    /// has it: one followed by a blank or ending `range`.
    @inline(__always) func lastSeparator(in range: Range<Int>, before end: Int) -> Int? {
        var end = end
        while let comma = last(Byte.comma, in: range.lowerBound..<end) {
            if comma + 1 == range.upperBound || text[comma + 1].isBlank { return comma }
            end = comma
        }
        return nil
    }

    /// The first byte of `range` inside a part (neither blank nor a separating comma), or
    /// the end of `range`.
    func firstContent(in range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = text[index]
            let separates = byte == Byte.comma && (index + 1 == range.upperBound || text[index + 1].isBlank)
            if !byte.isBlank && !separates { return index }
            index += 1
        }
        return index
    }

    /// A word that follows a name after a comma: "Ed.", "II", "et al.".
    @inline(__always) func isSuffix(_ range: Range<Int>) -> Bool {
        switch range.count {
        case 2: equals(range, "II") || equals(range, "IV")
        case 3: equals(range, "Ed.") || equals(range, "III") || isJuniorOrSenior(range)
        case 6: equals(range, "et al.")
        default: false
        }
    }

    /// Initials then a surname: "J. Postel", "S.D. Crocker", "J-P. Vasseur", "Y(J). Stein",
    /// "P. St. Pierre", "T. Murphy Jr.", "S P. Romano", "S. B S".
    func isPerson(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        var initials = 0
        var words = 0
        var surname: Range<Int>?
        var last = range
        while let word = nextWord(&index, before: range.upperBound) {
            words += 1
            if surname == nil, isInitial(word) {
                initials += 1
            } else {
                guard initials > 0 else { return false }
                // Only the last word of a surname may end with a period, but for "St.".
                if let previous = surname, endsWithPeriod(previous), !equals(previous, "St.") { return false }
                surname = word
            }
            last = word
        }
        guard initials > 0 else { return false }
        guard let surname else { return words >= 2 && !endsWithPeriod(last) }
        return !endsWithPeriod(surname) || isJuniorOrSenior(surname)
    }

    /// A name without ". " in it, such as "IAB", "RJ Atkinson" or "Sun Microsystems".
    func isPlainName(_ range: Range<Int>) -> Bool {
        !range.isEmpty && !endsWithPeriod(range) && firstPair(Byte.period, Byte.space, in: range) == nil
    }

    /// Capitalised words in parts ended by ". ", as in "Network Information Center. Stanford
    /// Research Institute" (RFC 160), an author the index writes with a period inside.
    func isOrganization(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = firstPair(Byte.period, Byte.space, in: start..<range.upperBound) ?? range.upperBound
            var index = start
            var words = 0
            while let word = nextWord(&index, before: end) {
                guard word.count >= 2, text[word.lowerBound].isASCIIUpper,
                    word.dropFirst().allSatisfy({ text[$0].isASCIILower })
                else { return false }
                words += 1
            }
            guard words >= 2 else { return false }
            start = end + 2
        }
        return true
    }

    /// Whether `range` ends with an abbreviation such as "U.S", "M.I.T" or (unless `dotted`) a
    /// lone initial, whose period is not the end of a sentence unless a person's name follows.
    func endsWithAbbreviation(_ range: Range<Int>, dotted: Bool = false) -> Bool {
        // It ends with a capital: most titles are told by their last byte.
        guard let last = range.last, text[last] >= 0x80 || text[last].isASCIIUpper else { return false }
        var start = range.upperBound
        while start > range.lowerBound, !text[start - 1].isBlank { start -= 1 }
        var index = start
        var periods = 0
        while true {
            let length = upperLetterLength(at: index, before: range.upperBound)
            guard length > 0 else { return false }
            index += length
            if index == range.upperBound { return !dotted || periods > 0 }
            guard text[index] == Byte.period else { return false }
            index += 1
            periods += 1
        }
    }

    func endsWithEtc(_ range: Range<Int>) -> Bool {
        range.count >= 4 && equals(range.upperBound - 4..<range.upperBound, " etc")
    }

    /// One word of initials: "J.", "S.D.", "Ch.", "JH.", "WCH.", "J-P.", "H.-W.", "Y(J).", or a
    /// lone capital as in "S P. Romano".
    @inline(__always) func isInitial(_ word: Range<Int>) -> Bool {
        // Every initial ends with its period but a lone capital: most surnames are told by
        // their last byte, and "J.", the common initial, without the general walk.
        guard text[word.upperBound - 1] == Byte.period else {
            let single = upperLetterLength(at: word.lowerBound, before: word.upperBound)
            return single > 0 && single == word.count
        }
        if word.count == 2, text[word.lowerBound].isASCIIUpper { return true }
        return isInitialWalk(word)
    }

    private func isInitialWalk(_ word: Range<Int>) -> Bool {
        let end = word.upperBound
        let single = upperLetterLength(at: word.lowerBound, before: end)
        if single > 0, single == word.count { return true }
        var index = word.lowerBound
        while index < end {
            let upper = upperLetterLength(at: index, before: end)
            guard upper > 0 else { return false }
            index += upper
            let lower = lowerLetterLength(at: index, before: end)
            if lower > 0 {
                index += lower
            } else if index < end, text[index] == Byte.openParen {
                let inner = upperLetterLength(at: index + 1, before: end)
                guard inner > 0, index + 1 + inner < end, text[index + 1 + inner] == Byte.closeParen else {
                    return false
                }
                index += inner + 2
            } else {
                for _ in 0..<2 {
                    let more = upperLetterLength(at: index, before: end)
                    guard more > 0 else { break }
                    index += more
                }
            }
            guard index < end else { return false }
            if text[index] == Byte.period {
                index += 1
                if index < end, text[index] == Byte.hyphen { index += 1 }
            } else if text[index] == Byte.hyphen {
                index += 1
            } else {
                return false
            }
        }
        return text[end - 1] == Byte.period
    }

    private func isJuniorOrSenior(_ range: Range<Int>) -> Bool {
        equals(range, "Jr.") || equals(range, "Sr.")
    }

    @inline(__always) func endsWithPeriod(_ range: Range<Int>) -> Bool {
        !range.isEmpty && text[range.upperBound - 1] == Byte.period
    }
}
