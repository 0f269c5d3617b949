import ReaderPluginAPI

/// Turns records into entries, writing each entry's JSON objects as text: the form an
/// ``Entry`` keeps them in. Building a dictionary of 13 values per entry was otherwise the
/// largest single cost of reading the index.
///
/// The fields of a run of entries are written one after the other and become one String that
/// those entries share, each reading its title and authors from its part of it: most entries
/// then need no memory of their own, where making and freeing a String for each text of each
/// entry was a third of the time of reading the index.
struct EntryMaker {
    let encoding: TextEncoding
    /// Where the notices and annotations are written before they become Strings.
    private let buffer = ByteBuffer(capacity: 4096)
    /// The fields of the entries in `waiting`, one after the other.
    private let chunk = ByteBuffer(capacity: Self.chunkSize + 4096)
    private var waiting: [Waiting] = []
    private var formatLists = FormatLists()
    /// The annotations of the many RFCs that nothing obsoletes or updates, shared.
    private let noAnnotations = #"{"obsoletedBy":[],"updatedBy":[]}"#

    /// The bytes of fields after which the waiting entries are made: a hundred entries or so
    /// share a String, small enough that one entry kept alone keeps little else alive.
    static let chunkSize = 32 * 1024

    /// An entry whose fields are written, until its chunk becomes a String.
    private struct Waiting {
        var number: Int
        var date: String?
        var status: String?
        var notices: [String]
        var annotations: String
        var fields: Range<Int>
        var isASCII: Bool
        var titleOffset: Int
        var authorsOffset: Int
    }

    init(encoding: TextEncoding) {
        self.encoding = encoding
    }

    /// Adds the entry `reader list`, `search` and the RFC banner read to `entries`, perhaps
    /// later: ``flush(into:)`` adds those still waiting. `text` is what the record's ranges
    /// point into.
    mutating func add(_ record: IndexRecord, _ text: ByteText, to entries: inout [Entry]) {
        let related = !record.obsoletedBy.rfcs.isEmpty || !record.updatedBy.rfcs.isEmpty
        let start = chunk.count
        let fields = fields(record, text)
        waiting.append(
            Waiting(
                number: record.number, date: record.isoDate, status: record.status, notices: notices(record, text),
                annotations: related ? annotations(record) : noAnnotations, fields: start..<chunk.count,
                isASCII: fields.isASCII, titleOffset: fields.title - start, authorsOffset: fields.authors - start))
        if chunk.count >= Self.chunkSize { flush(into: &entries) }
    }

    /// Makes the waiting entries, in the order they came.
    mutating func flush(into entries: inout [Entry]) {
        // A String for each run of entries written in ASCII, and for each run of the others
        // (a few dozen in the index): UTF-8 validation costs ten times the ASCII check.
        var first = 0
        while first < waiting.count {
            let isASCII = waiting[first].isASCII
            var end = first + 1
            while end < waiting.count, waiting[end].isASCII == isASCII { end += 1 }
            makeEntries(waiting[first..<end], isASCII: isASCII, into: &entries)
            first = end
        }
        waiting.removeAll(keepingCapacity: true)
        chunk.removeAll()
    }

    private func makeEntries(_ run: ArraySlice<Waiting>, isASCII: Bool, into entries: inout [Entry]) {
        guard let start = run.first?.fields.lowerBound, let end = run.last?.fields.upperBound else { return }
        // Valid UTF-8 (the writer decodes what is not as the Strings of an entry are), so the
        // offsets hold in the String.
        let shared = chunk.string(start..<end, ascii: isASCII)
        let utf8 = shared.utf8
        for entry in run {
            let lower = utf8.index(utf8.startIndex, offsetBy: entry.fields.lowerBound - start)
            let upper = utf8.index(utf8.startIndex, offsetBy: entry.fields.upperBound - start)
            entries.append(
                Entry(
                    id: Self.decimal(entry.number), date: entry.date, status: entry.status, notices: entry.notices,
                    annotationsJSON: entry.annotations, fieldsJSON: shared[lower..<upper], titleOffset: entry.titleOffset,
                    authorsOffset: entry.authorsOffset))
        }
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

    /// The contract's JSON object for `reader list --json`, and what the index has besides,
    /// after the chunk's text; where the values of title and authors start in the chunk, and
    /// whether it is all ASCII.
    /// The keys are in sorted order, as `JSONValue.jsonText` writes them.
    private mutating func fields(_ record: IndexRecord, _ text: ByteText) -> (title: Int, authors: Int, isASCII: Bool) {
        var writer = JSONWriter(appendingTo: chunk, encoding: encoding)
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
        if let status = record.statusRange { writer.string(text, status) } else { writer.null() }
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
