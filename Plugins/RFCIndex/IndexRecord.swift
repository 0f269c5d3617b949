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
