import ReaderPluginAPI

/// Turns records into entries, writing each entry's JSON objects as text: the form an
/// ``Entry`` keeps them in. Building a dictionary of 13 values per entry was otherwise the
/// largest single cost of reading the index.
struct EntryMaker {
    let encoding: TextEncoding
    /// Where each text is written before it becomes a String.
    private let buffer = ByteBuffer(capacity: 4096)
    /// The JSON of the format lists ("TXT, HTML" is `["TXT","HTML"]`), of which the index has
    /// a dozen: written once each.
    private var formatLists: [(list: [UInt8], json: [UInt8])] = []
    private let formatBuffer = ByteBuffer(capacity: 256)
    /// The annotations of the many RFCs that nothing obsoletes or updates, shared.
    private let noAnnotations = #"{"obsoletedBy":[],"updatedBy":[]}"#

    init(encoding: TextEncoding) {
        self.encoding = encoding
    }

    /// The entry `reader list`, `search` and the RFC banner read; `text` is what the record's
    /// ranges point into. The record's title and authors move into the entry.
    mutating func entry(_ record: inout IndexRecord, _ text: ByteText) -> Entry {
        let related = !record.obsoletedBy.rfcs.isEmpty || !record.updatedBy.rfcs.isEmpty
        let annotationsJSON = related ? annotations(record) : noAnnotations
        let fieldsJSON = fields(record, text)
        var title = ""
        var authors: [String] = []
        swap(&title, &record.title)
        swap(&authors, &record.authors)
        return Entry(
            id: Self.decimal(record.number), title: title, authors: authors, date: record.isoDate,
            status: record.status, notices: notices(record, text), annotationsJSON: annotationsJSON,
            fieldsJSON: fieldsJSON)
    }

    /// `obsoletedBy` and `updatedBy` for the JSON of the RFC itself.
    private func annotations(_ record: IndexRecord) -> String {
        var writer = JSONWriter(into: buffer, encoding: encoding)
        writer.raw(#"{"obsoletedBy":"#)
        writer.numbers(record.obsoletedBy.rfcs)
        writer.raw(#","updatedBy":"#)
        writer.numbers(record.updatedBy.rfcs)
        writer.raw("}")
        return writer.finish()
    }

    /// The contract's JSON object for `reader list --json`, and what the index has besides.
    /// The keys are in sorted order, as `JSONValue.jsonText` writes them.
    private mutating func fields(_ record: IndexRecord, _ text: ByteText) -> String {
        var writer = JSONWriter(into: buffer, encoding: encoding)
        writer.raw(#"{"also":"#)
        writer.listItems(text, record.also)
        writer.raw(#","authors":"#)
        writer.strings(text, record.authorRanges)
        writer.raw(#","date":"#)
        if let date = record.date { writer.date(date) } else { writer.null() }
        writer.raw(#","doi":"#)
        if let doi = record.doi { writer.string(text, doi) } else { writer.null() }
        writer.raw(#","formats":"#)
        if record.formats.count == 1 {
            let list = record.formats[0]
            if let known = formatLists.firstIndex(where: { text.equals(list, $0.list) }) {
                formatLists[known].json.withUnsafeBufferPointer { writer.raw($0) }
            } else {
                var listWriter = JSONWriter(into: formatBuffer, encoding: encoding)
                listWriter.listItems(text, list)
                let json = listWriter.finishBytes()
                json.withUnsafeBufferPointer { writer.raw($0) }
                if formatLists.count < RepeatedValues.limit { formatLists.append((Array(text.text[list]), json)) }
            }
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
        if let status = record.statusRange { writer.string(text, status) } else { writer.null() }
        writer.raw(#","title":"#)
        writer.string(text, record.titleRange)
        writer.relation(#","updatedBy":"#, #","updatedByOther":"#, record.updatedBy, text)
        writer.relation(#","updates":"#, #","updatesOther":"#, record.updates, text)
        writer.raw("}")
        return writer.finish()
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
        var writer = JSONWriter(into: buffer, encoding: encoding)
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

    /// `String(number)`, without the general integer formatting. An RFC number has at most
    /// nine digits (``ByteText/number(_:)``): a small String, made without a heap allocation
    /// when asked for no more than 15 bytes.
    private static func decimal(_ number: Int) -> String {
        guard number >= 0, number < 1_000_000_000 else { return String(number) }
        return String(unsafeUninitializedCapacity: 15) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            return JSONWriter.write(number, at: start)
        }
    }
}

extension JSONWriter {
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
