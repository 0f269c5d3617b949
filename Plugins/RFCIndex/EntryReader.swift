import ReaderPluginAPI

/// Reads entries into ``IndexRecord``s, keeping what can be reused from one entry to the next:
/// scratch space, and the Strings of values that repeat ("TXT, HTML", "PROPOSED STANDARD").
struct EntryReader {
    let encoding: TextEncoding
    private var groups: [Range<Int>] = []
    private var items: [Range<Int>] = []
    private var repeated = RepeatedValues()

    init(encoding: TextEncoding) {
        self.encoding = encoding
    }

    /// Reads one entry: its lines joined by single spaces, starting with the number. Nil when
    /// the number has more digits than an RFC number can.
    mutating func read(_ text: ByteText) -> IndexRecord? {
        let all = text.trimmed(0..<text.text.count)
        var index = all.lowerBound
        while index < all.upperBound, text[index].isDigit { index += 1 }
        guard let number = text.number(all.lowerBound..<index) else { return nil }
        var record = IndexRecord(number: number)

        // The bracket groups end the entry; peeling them from the right leaves the head, whose
        // title may hold brackets of its own but always ends with the date's period.
        var end = all.upperBound
        groups.removeAll(keepingCapacity: true)
        while end > index, text[end - 1] == Byte.closeParen,
            let open = Self.openingBracket(text, closing: end - 1, after: index)
        {
            groups.append(open..<end)
            end = text.trimmed(index..<open).upperBound
        }
        for group in groups.reversed() { read(group: group, text, into: &record) }
        readHead(text.trimmed(index..<end), text, into: &record)
        return record
    }

    private static func openingBracket(_ text: ByteText, closing: Int, after start: Int) -> Int? {
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
            record.date = date.iso
            rest = text.trimmed(rest.lowerBound..<date.start)
            if text.endsWithPeriod(rest) { rest = rest.lowerBound..<rest.upperBound - 1 }
        } else {
            record.problems.append("no date")
        }
        if let byline = Byline.split(text, rest, items: &items) {
            record.title = encoding.string(text.text, byline.title)
            record.authors.reserveCapacity(byline.authors.count)
            for author in byline.authors { record.authors.append(encoding.string(text.text, author)) }
        } else {
            record.title = encoding.string(text.text, rest)
            if !rest.isEmpty { record.problems.append("no authors") }
        }
        if record.title.isEmpty { record.problems.append("no title") }
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

        if let value = after(Keyword.format) {
            record.formats.appendShared(repeated.list(text, value, encoding))
        } else if let value = after(Keyword.obsoletedBy) {
            readRelation(value, text, into: &record.obsoletedBy)
        } else if let value = after(Keyword.obsoletes) {
            readRelation(value, text, into: &record.obsoletes)
        } else if let value = after(Keyword.updatedBy) {
            readRelation(value, text, into: &record.updatedBy)
        } else if let value = after(Keyword.updates) {
            readRelation(value, text, into: &record.updates)
        } else if let value = after(Keyword.also) {
            record.also.appendShared(repeated.list(text, value, encoding))
        } else if let value = after(Keyword.status) {
            record.status = repeated.string(text, value, encoding)
        } else if let value = after(Keyword.doi) {
            record.doi = encoding.string(text.text, value)
        } else {
            record.otherGroups.append(encoding.string(text.text, inner))
        }
    }

    /// Reads "RFC0024, RFC0027" (or "RFC24, RFC27"); anything else is kept as written.
    private mutating func readRelation(_ range: Range<Int>, _ text: ByteText, into relation: inout Relation) {
        text.split(range, by: Byte.comma, into: &items)
        relation.rfcs.reserveCapacity(relation.rfcs.count + items.count)
        for item in items {
            if text.hasPrefix(item, Keyword.rfc),
                let number = text.number(item.lowerBound + Keyword.rfc.utf8CodeUnitCount..<item.upperBound)
            {
                relation.rfcs.append(JSONValue(number))
            } else {
                relation.others.append(encoding.string(text.text, item))
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

extension [String] {
    /// Appends `other`, sharing its storage when this list is still empty.
    fileprivate mutating func appendShared(_ other: [String]) {
        if isEmpty { self = other } else { self += other }
    }
}
