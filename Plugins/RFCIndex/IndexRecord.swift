import ReaderPluginAPI

/// One RFC as the index describes it, before it becomes an ``Entry``.
struct IndexRecord: Sendable, Hashable {
    var number: Int
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
    /// The RFC numbers, held as the JSON numbers the entry carries: made once, then shared by
    /// its fields and annotations, so that reading an entry frees nothing it allocated.
    var rfcs: [JSONValue] = []
    /// Documents outside the RFC series, as written: "IEN115", "NIC7724", "RTR0011".
    var others: [String] = []

    var isEmpty: Bool { rfcs.isEmpty && others.isEmpty }
}

extension IndexRecord {
    /// The banner over the RFC: "Obsoleted by RFC 9293", "Updated by RFC 1122, RFC 3168".
    var notices: [String] {
        switch (obsoletedBy.isEmpty, updatedBy.isEmpty) {
        case (true, true): []
        case (false, true): [obsoletedBy.notice("Obsoleted by ")]
        case (true, false): [updatedBy.notice("Updated by ")]
        case (false, false): [obsoletedBy.notice("Obsoleted by "), updatedBy.notice("Updated by ")]
        }
    }
}

extension Relation {
    /// `lead` then "RFC 1122, RFC 3168", then any document outside the series as written.
    func notice(_ lead: String) -> String {
        var text = lead
        text.reserveCapacity(lead.utf8.count + 10 * (rfcs.count + others.count))
        var separator = ""
        for case .number(let number) in rfcs {
            text += separator
            text += "RFC "
            text += String(Int(number))
            separator = ", "
        }
        for other in others {
            text += separator
            text += other
            separator = ", "
        }
        return text
    }
}
