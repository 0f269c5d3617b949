import ReaderPluginAPI

/// Turns records into entries, writing each entry's JSON objects as text: the form an
/// ``Entry`` keeps them in. Building a dictionary of 13 values per entry was otherwise the
/// largest single cost of reading the index.
struct EntryMaker {
    let encoding: TextEncoding
    /// Where the notices are written before they become Strings.
    private let buffer = ScratchBytes(capacity: 4096)
    private var batch: EntryBatch
    private var formatLists = FormatLists()

    init(encoding: TextEncoding) {
        self.encoding = encoding
        batch = EntryBatch(encoding: encoding)
    }

    /// Adds the entry `reader list`, `search` and the RFC banner read to `entries`, perhaps
    /// later: ``flush(into:)`` adds those still waiting. `text` is what the record's ranges
    /// point into.
    mutating func add(_ record: IndexRecord, _ text: ByteText, to entries: inout [Entry]) {
        let start = batch.text.count
        let fields = fields(record, text)
        let fieldsEnd = batch.text.count
        if !record.obsoletedBy.rfcs.isEmpty || !record.updatedBy.rfcs.isEmpty { annotations(record) }
        let notices = notices(record, text)
        let entry = EntryBatch.Waiting(
            number: record.number, date: record.date, status: record.status.map { batch.status(text, $0) },
            notices: notices.isEmpty ? nil : batch.keep(notices: notices), fields: start..<fieldsEnd,
            annotationsEnd: batch.text.count, isASCII: fields.isASCII, title: fields.title, authors: fields.authors)
        batch.add(entry, to: &entries)
    }

    /// Adds the entries still waiting.
    mutating func flush(into entries: inout [Entry]) {
        batch.flush(into: &entries)
    }

    /// `obsoletedBy` and `updatedBy` for the JSON of the RFC itself, after the batch's text.
    private func annotations(_ record: IndexRecord) {
        var writer = EntryTextWriter(appendingTo: batch.text, encoding: encoding)
        writer.raw(#"{"obsoletedBy":"#)
        writer.numbers(record.obsoletedBy.rfcs)
        writer.raw(#","updatedBy":"#)
        writer.numbers(record.updatedBy.rfcs)
        writer.raw("}")
        // Numbers only, so ASCII: whether the entry's text is ASCII is told by its fields alone.
        writer.finishAppending()
    }

    /// The contract's JSON object for `reader list --json`, and what the index has besides,
    /// after the batch's text; where the values of title and authors start in it, and whether
    /// it is all ASCII.
    /// The keys are in sorted order, as `JSONValue.jsonText` writes them.
    private mutating func fields(_ record: IndexRecord, _ text: ByteText) -> (title: Int, authors: Int, isASCII: Bool) {
        var writer = EntryTextWriter(appendingTo: batch.text, encoding: encoding)
        writer.raw(#"{"also":"#)
        writer.listItems(text, record.also)
        writer.raw(#","authors":"#)
        let authors = writer.offset
        writer.strings(text, record.authorRanges)
        writer.raw(#","date":"#)
        if let date = record.date { writer.date(date) } else { writer.null() }
        writer.raw(#","doi":"#)
        if let doi = record.doi { writer.string(text, doi) } else { writer.null() }
        writer.raw(#","formats":"#)
        if record.formats.count == 1 {
            formatLists.write(record.formats[0], text, to: &writer)
        } else {
            writer.listItems(text, record.formats)
        }
        writer.raw(#","notIssued":"#)
        writer.bool(record.notIssued)
        writer.raw(#","number":"#)
        writer.number(record.number)
        writer.relation(#","obsoletedBy":"#, #","obsoletedByOther":"#, record.obsoletedBy, text)
        writer.relation(#","obsoletes":"#, #","obsoletesOther":"#, record.obsoletes, text)
        if !record.otherGroups.isEmpty {
            writer.raw(#","otherGroups":"#)
            writer.strings(text, record.otherGroups)
        }
        writer.raw(#","status":"#)
        if let status = record.status { writer.string(text, status) } else { writer.null() }
        writer.raw(#","title":"#)
        let title = writer.offset
        writer.string(text, record.titleRange)
        writer.relation(#","updatedBy":"#, #","updatedByOther":"#, record.updatedBy, text)
        writer.relation(#","updates":"#, #","updatesOther":"#, record.updates, text)
        writer.raw("}")
        writer.finishAppending()
        return (title, authors, writer.isASCII)
    }

    /// The banner over the RFC: "Obsoleted by RFC 9293", "Updated by RFC 1122, RFC 3168".
    private func notices(_ record: IndexRecord, _ text: ByteText) -> [String] {
        switch (record.obsoletedBy.isEmpty, record.updatedBy.isEmpty) {
        case (true, true): []
        case (false, true): [notice("Obsoleted by ", record.obsoletedBy, text)]
        case (true, false): [notice("Updated by ", record.updatedBy, text)]
        case (false, false):
            [notice("Obsoleted by ", record.obsoletedBy, text), notice("Updated by ", record.updatedBy, text)]
        }
    }

    /// `lead` then "RFC 1122, RFC 3168", then any document outside the series as written. Plain
    /// text, written with the JSON writer's unquoted writes.
    private func notice(_ lead: StaticString, _ relation: Relation, _ text: ByteText) -> String {
        var writer = EntryTextWriter(into: buffer, encoding: encoding)
        writer.raw(lead)
        var separator = false
        for index in 0..<relation.rfcs.count {
            let number = relation.rfcs[index]
            if separator { writer.raw(", RFC ") } else { writer.raw("RFC ") }
            writer.number(number)
            separator = true
        }
        for index in 0..<relation.others.count {
            let other = relation.others[index]
            if separator { writer.raw(", ") }
            writer.plain(text, other)
            separator = true
        }
        return writer.finish()
    }
}

extension EntryTextWriter {
    /// `"obsoletes":[…]`, then `"obsoletesOther":[…]` when the relation names documents outside
    /// the RFC series (IEN, NIC, RTR notes): the contract's arrays hold RFC numbers only.
    @inline(__always) mutating func relation(_ key: StaticString, _ otherKey: StaticString, _ relation: Relation, _ text: ByteText) {
        raw(key)
        numbers(relation.rfcs)
        if !relation.others.isEmpty {
            raw(otherKey)
            strings(text, relation.others)
        }
    }
}
