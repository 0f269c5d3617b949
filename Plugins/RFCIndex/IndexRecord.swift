/// One RFC as the index describes it, before it becomes an ``Entry``.
struct IndexRecord: Sendable, Hashable {
    var number: Int
    /// The line of the input the entry starts on, for notes.
    var line: Int
    var notIssued = false
    var title = ""
    var authors: [String] = []
    var date: String?
    var status: String?
    var doi: String?
    var formats: [String] = []
    var obsoletes = Relation()
    var obsoletedBy = Relation()
    var updates = Relation()
    var updatedBy = Relation()
    var also: [String] = []
    /// Bracket groups the index did not have when this was written, kept as written.
    var otherGroups: [String] = []
    /// What did not fit the index's shape, said in words for the document's notes.
    var problems: [String] = []
}

/// The RFCs named by one of "Obsoletes", "Obsoleted by", "Updates", "Updated by".
struct Relation: Sendable, Hashable {
    var rfcs: [Int] = []
    /// Documents outside the RFC series, as written: "IEN115", "NIC7724", "RTR0011".
    var others: [String] = []

    var isEmpty: Bool { rfcs.isEmpty && others.isEmpty }
}

/// The words that open the index's bracket groups.
private enum Keyword {
    static let format = Array("Format:".utf8)
    static let obsoletedBy = Array("Obsoleted by".utf8)
    static let obsoletes = Array("Obsoletes".utf8)
    static let updatedBy = Array("Updated by".utf8)
    static let updates = Array("Updates".utf8)
    static let also = Array("Also".utf8)
    static let status = Array("Status:".utf8)
    static let doi = Array("DOI:".utf8)
    static let notIssued = Array("Not Issued".utf8)
    static let rfc = Array("RFC".utf8)
}

extension IndexRecord {
    /// Reads one entry: its lines joined by single spaces, starting with the number. `groups`
    /// is scratch space reused from entry to entry.
    init?(_ text: ByteText, line: Int, encoding: TextEncoding, groups: inout [Range<Int>]) {
        let all = text.trimmed(0..<text.text.count)
        var index = all.lowerBound
        while index < all.upperBound, text[index].isDigit { index += 1 }
        guard let number = text.number(all.lowerBound..<index) else { return nil }
        self.init(number: number, line: line)

        // The bracket groups end the entry; peeling them from the right leaves the head, whose
        // title may hold brackets of its own but always ends with the date's period.
        var end = all.upperBound
        groups.removeAll(keepingCapacity: true)
        while end > index, text[end - 1] == Byte.closeParen, let open = Self.openingBracket(text, closing: end - 1, after: index) {
            groups.append(open..<end)
            end = text.trimmed(index..<open).upperBound
        }
        for group in groups.reversed() { read(group: group, text, encoding) }
        readHead(text.trimmed(index..<end), text, encoding)
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

    private mutating func readHead(_ head: Range<Int>, _ text: ByteText, _ encoding: TextEncoding) {
        let withoutPeriod = text.endsWithPeriod(head) ? head.lowerBound..<head.upperBound - 1 : head
        if text.equals(withoutPeriod, Keyword.notIssued) {
            notIssued = true
            return
        }
        var rest = withoutPeriod
        if let date = IndexDates.trailing(in: text, rest) {
            self.date = date.iso
            rest = text.trimmed(rest.lowerBound..<date.start)
            if text.endsWithPeriod(rest) { rest = rest.lowerBound..<rest.upperBound - 1 }
        } else {
            problems.append("no date")
        }
        if let byline = Byline.split(text, rest) {
            title = encoding.string(text.text, byline.title)
            authors = byline.authors.map { encoding.string(text.text, $0) }
        } else {
            title = encoding.string(text.text, rest)
            if !rest.isEmpty { problems.append("no authors") }
        }
        if title.isEmpty { problems.append("no title") }
    }

    private mutating func read(group: Range<Int>, _ text: ByteText, _ encoding: TextEncoding) {
        let inner = text.trimmed(group.lowerBound + 1..<group.upperBound - 1)
        func after(_ keyword: [UInt8]) -> Range<Int>? {
            guard text.hasPrefix(inner, keyword) else { return nil }
            let rest = inner.lowerBound + keyword.count..<inner.upperBound
            // "Updates" must not match "UpdatesX": a keyword ends at a blank or its colon.
            guard keyword.last == Byte.colon || rest.isEmpty || text[rest.lowerBound].isBlank else { return nil }
            return text.trimmed(rest)
        }
        func strings(_ range: Range<Int>) -> [String] {
            text.split(range, by: Byte.comma).map { encoding.string(text.text, $0) }
        }

        if let value = after(Keyword.format) {
            formats += strings(value)
        } else if let value = after(Keyword.obsoletedBy) {
            obsoletedBy.read(value, text, encoding)
        } else if let value = after(Keyword.obsoletes) {
            obsoletes.read(value, text, encoding)
        } else if let value = after(Keyword.updatedBy) {
            updatedBy.read(value, text, encoding)
        } else if let value = after(Keyword.updates) {
            updates.read(value, text, encoding)
        } else if let value = after(Keyword.also) {
            also += strings(value)
        } else if let value = after(Keyword.status) {
            status = encoding.string(text.text, value)
        } else if let value = after(Keyword.doi) {
            doi = encoding.string(text.text, value)
        } else {
            otherGroups.append(encoding.string(text.text, inner))
        }
    }
}

extension Relation {
    /// Reads "RFC0024, RFC0027" (or "RFC24, RFC27"); anything else is kept as written.
    mutating func read(_ range: Range<Int>, _ text: ByteText, _ encoding: TextEncoding) {
        for item in text.split(range, by: Byte.comma) {
            if text.hasPrefix(item, Keyword.rfc),
                let number = text.number(item.lowerBound + Keyword.rfc.count..<item.upperBound)
            {
                rfcs.append(number)
            } else {
                others.append(encoding.string(text.text, item))
            }
        }
    }
}
