import ReaderPluginAPI

extension IndexRecord {
    /// The entry `reader list`, `search` and the RFC banner read; `fields` is the contract's
    /// JSON object for `reader list --json`.
    var entry: Entry {
        Entry(
            id: String(number),
            title: title,
            authors: authors,
            date: date,
            status: status,
            notices: notices,
            annotations: [
                "obsoletedBy": JSONValue(obsoletedBy.rfcs),
                "updatedBy": JSONValue(updatedBy.rfcs),
            ],
            fields: fields
        )
    }

    var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = Dictionary(minimumCapacity: 16)
        fields["number"] = JSONValue(number)
        fields["title"] = .string(title)
        fields["authors"] = JSONValue(authors)
        fields["date"] = JSONValue(date)
        fields["status"] = JSONValue(status)
        fields["doi"] = JSONValue(doi)
        fields["obsoletes"] = JSONValue(obsoletes.rfcs)
        fields["obsoletedBy"] = JSONValue(obsoletedBy.rfcs)
        fields["updates"] = JSONValue(updates.rfcs)
        fields["updatedBy"] = JSONValue(updatedBy.rfcs)
        fields["also"] = JSONValue(also)
        fields["formats"] = JSONValue(formats)
        fields["notIssued"] = .bool(notIssued)
        // The contract's relation arrays hold RFC numbers only; the few documents outside the
        // series (IEN, NIC, RTR notes) go beside them rather than being dropped.
        if !obsoletes.others.isEmpty { fields["obsoletesOther"] = JSONValue(obsoletes.others) }
        if !obsoletedBy.others.isEmpty { fields["obsoletedByOther"] = JSONValue(obsoletedBy.others) }
        if !updates.others.isEmpty { fields["updatesOther"] = JSONValue(updates.others) }
        if !updatedBy.others.isEmpty { fields["updatedByOther"] = JSONValue(updatedBy.others) }
        if !otherGroups.isEmpty { fields["otherGroups"] = JSONValue(otherGroups) }
        return fields
    }

    /// The banner over the RFC: "Obsoleted by RFC 9293", "Updated by RFC 1122, RFC 3168".
    var notices: [String] {
        var notices: [String] = []
        if !obsoletedBy.isEmpty { notices.append("Obsoleted by " + obsoletedBy.listed) }
        if !updatedBy.isEmpty { notices.append("Updated by " + updatedBy.listed) }
        return notices
    }
}

extension Relation {
    /// "RFC 1122, RFC 3168", then any document outside the series as written.
    var listed: String {
        (rfcs.map { "RFC \($0)" } + others).joined(separator: ", ")
    }
}
