/// One RFC as the index describes it, before it becomes an ``Entry``: one record is reused for
/// every entry of a parse, so its lists keep their storage from one entry to the next.
///
/// The entry's JSON is written from ranges of the entry's bytes, not from Strings: what only
/// the JSON needs (DOI, formats, relations, "Also"; title and authors, which the entry reads
/// from its fields) gets no String or array at all.
struct IndexRecord {
    var number = 0
    var notIssued = false
    /// The title and each author: the entry reads them from its fields, written from these.
    var titleRange = 0..<0
    let authorRanges = ScratchList<Range<Int>>()
    var date: IndexDates.Parts?
    var status: Range<Int>?
    var doi: Range<Int>?
    /// The values of the "(Format: TXT, HTML)" groups, each a comma-separated list.
    let formats = ScratchList<Range<Int>>()
    /// The values of the "(Also STD0007)" groups, each a comma-separated list.
    let also = ScratchList<Range<Int>>()
    var obsoletes = Relation()
    var obsoletedBy = Relation()
    var updates = Relation()
    var updatedBy = Relation()
    /// Bracket groups the index did not have when this was written, their insides as written.
    let otherGroups = ScratchList<Range<Int>>()
    /// What did not fit the index's shape, said in words for the document's notes.
    var problems: [String] = []

    /// Empties the record for the entry of RFC `number`.
    mutating func reset(number: Int) {
        self.number = number
        notIssued = false
        titleRange = 0..<0
        authorRanges.removeAll()
        date = nil
        status = nil
        doi = nil
        formats.removeAll()
        also.removeAll()
        obsoletes.removeAll()
        obsoletedBy.removeAll()
        updates.removeAll()
        updatedBy.removeAll()
        otherGroups.removeAll()
        problems.empty()
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)`, which costs a call even on an empty array; most of a
    /// record's lists are empty.
    fileprivate mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

/// The RFCs named by one of "Obsoletes", "Obsoleted by", "Updates", "Updated by".
struct Relation {
    let rfcs = ScratchList<Int>()
    /// Documents outside the RFC series, as written: "IEN115", "NIC7724", "RTR0011".
    let others = ScratchList<Range<Int>>()

    var isEmpty: Bool { rfcs.isEmpty && others.isEmpty }

    func removeAll() {
        rfcs.removeAll()
        others.removeAll()
    }
}
