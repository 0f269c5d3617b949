/// Reads entries into an ``IndexRecord``, keeping scratch space from one entry to the next.
struct EntryReader {
    private let groups = ScratchList<Range<Int>>()
    private let items = ScratchList<Range<Int>>()

    /// Reads one entry (its lines joined by single spaces, starting with the number) into
    /// `record`, whose ranges then point into `text`. False when the number has more digits
    /// than an RFC number can.
    mutating func read(_ text: ByteText, into record: inout IndexRecord) -> Bool {
        let all = text.trimmed(0..<text.text.count)
        var index = all.lowerBound
        while index < all.upperBound, text[index].isDigit { index += 1 }
        guard let number = text.number(all.lowerBound..<index) else { return false }
        record.reset(number: number)

        // The bracket groups end the entry; peeling them from the right leaves the head, whose
        // title may hold brackets of its own but always ends with the date's period.
        var end = all.upperBound
        groups.removeAll()
        while end > index, text[end - 1] == Byte.closeParen,
            let open = Self.openingBracket(text, closing: end - 1, after: index)
        {
            groups.append(open..<end)
            end = text.trimmed(index..<open).upperBound
        }
        for index in groups.indices.reversed() { read(group: groups[index], text, into: &record) }
        readHead(text.trimmed(index..<end), text, into: &record)
        return true
    }

    private static func openingBracket(_ text: ByteText, closing: Int, after start: Int) -> Int? {
        // Mostly the nearest bracket before is the "(": else the brackets are counted.
        if let bracket = text.last(Byte.openParen, or: Byte.closeParen, in: start..<closing),
            text[bracket] == Byte.openParen
        {
            return bracket
        }
        var depth = 0
        var index = closing
        while index >= start {
            if text[index] == Byte.closeParen {
                depth += 1
            } else if text[index] == Byte.openParen {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    private mutating func readHead(_ head: Range<Int>, _ text: ByteText, into record: inout IndexRecord) {
        let withoutPeriod = text.endsWithPeriod(head) ? head.lowerBound..<head.upperBound - 1 : head
        if text.equals(withoutPeriod, Keyword.notIssued) {
            record.notIssued = true
            return
        }
        var rest = withoutPeriod
        if let date = IndexDates.trailing(in: text, rest) {
            record.date = date.date
            rest = text.trimmed(rest.lowerBound..<date.start)
            if text.endsWithPeriod(rest) { rest = rest.lowerBound..<rest.upperBound - 1 }
        } else {
            record.problems.append("no date")
        }
        if let byline = Byline.split(text, rest, items: items) {
            record.titleRange = byline.title
            for index in byline.authors { record.authorRanges.append(items[index]) }
        } else {
            record.titleRange = rest
            if !rest.isEmpty { record.problems.append("no authors") }
        }
        if record.titleRange.isEmpty { record.problems.append("no title") }
    }

    private mutating func read(group: Range<Int>, _ text: ByteText, into record: inout IndexRecord) {
        let inner = text.trimmed(group.lowerBound + 1..<group.upperBound - 1)
        func after(_ keyword: StaticString) -> Range<Int>? {
            guard text.hasPrefix(inner, keyword) else { return nil }
            let rest = inner.lowerBound + keyword.utf8CodeUnitCount..<inner.upperBound
            // "Updates" must not match "UpdatesX": a keyword ends at a blank or its colon.
            guard text[rest.lowerBound - 1] == Byte.colon || rest.isEmpty || text[rest.lowerBound].isBlank else {
                return nil
            }
            return text.trimmed(rest)
        }

        // The first letter picks the keywords to try: most groups are read with one comparison.
        switch inner.isEmpty ? 0 : text[inner.lowerBound] {
        case UInt8(ascii: "F"):
            if let value = after(Keyword.format) { return record.formats.append(value) }
        case UInt8(ascii: "O"):
            if let value = after(Keyword.obsoletedBy) { return readRelation(value, text, into: record.obsoletedBy) }
            if let value = after(Keyword.obsoletes) { return readRelation(value, text, into: record.obsoletes) }
        case UInt8(ascii: "U"):
            if let value = after(Keyword.updatedBy) { return readRelation(value, text, into: record.updatedBy) }
            if let value = after(Keyword.updates) { return readRelation(value, text, into: record.updates) }
        case UInt8(ascii: "A"):
            if let value = after(Keyword.also) { return record.also.append(value) }
        case UInt8(ascii: "S"):
            if let value = after(Keyword.status) {
                record.status = value
                return
            }
        case UInt8(ascii: "D"):
            if let value = after(Keyword.doi) {
                record.doi = value
                return
            }
        default: break
        }
        record.otherGroups.append(inner)
    }

    /// Reads "RFC0024, RFC0027" (or "RFC24, RFC27"); anything else is kept as written.
    private func readRelation(_ range: Range<Int>, _ text: ByteText, into relation: Relation) {
        text.forEachPart(range, by: Byte.comma) { item in
            if text.hasPrefix(item, Keyword.rfc),
                let number = text.number(item.lowerBound + Keyword.rfc.utf8CodeUnitCount..<item.upperBound)
            {
                relation.rfcs.append(number)
            } else {
                relation.others.append(item)
            }
        }
    }
}

/// The words that open the index's bracket groups.
private enum Keyword {
    static var format: StaticString { "Format:" }
    static var obsoletedBy: StaticString { "Obsoleted by" }
    static var obsoletes: StaticString { "Obsoletes" }
    static var updatedBy: StaticString { "Updated by" }
    static var updates: StaticString { "Updates" }
    static var also: StaticString { "Also" }
    static var status: StaticString { "Status:" }
    static var doi: StaticString { "DOI:" }
    static var notIssued: StaticString { "Not Issued" }
    static var rfc: StaticString { "RFC" }
}
