import ReaderPluginAPI

extension IndexSearch {
    /// The authority prior of an RFC, 0–1, as a standards reader weighs one: its status (an
    /// Internet Standard, then a Proposed or Draft Standard or a Best Current Practice, above
    /// Informational, Experimental, Historic and Unknown), how many RFCs update it (a
    /// specification others build on, up to five), membership of the STD or BCP subseries; an
    /// obsoleted RFC much lower. Found once per entry when the index is cut, never per query.
    static func authority(_ entry: Entry, isObsoleted: Bool) -> Double {
        let status: Double =
            switch entry.status?.uppercased() {
            case "INTERNET STANDARD": 1
            case "PROPOSED STANDARD", "DRAFT STANDARD", "BEST CURRENT PRACTICE": 0.7
            case "INFORMATIONAL": 0.3
            case "EXPERIMENTAL": 0.2
            default: 0
            }
        let updates = Double(min(listCount("updatedBy", in: entry.annotationsText.utf8), 5)) / 5
        let subseries = isInSubseries(entry.fieldsText.utf8) ? 1.0 : 0
        let prior = 0.5 * status + 0.35 * updates + 0.15 * subseries
        return ((isObsoleted ? prior * IndexSearch.obsoletedAuthority : prior) * 1000).rounded() / 1000
    }

    /// Whether the status is one of a specification: Internet, Draft or Proposed Standard, or
    /// Best Current Practice.
    static func isSpecification(_ status: String?) -> Bool {
        switch status?.uppercased() {
        case "INTERNET STANDARD", "PROPOSED STANDARD", "DRAFT STANDARD", "BEST CURRENT PRACTICE": true
        default: false
        }
    }

    /// How many items the JSON list under `key` has (0 for none or no list): its commas and one,
    /// counted in the text rather than decoded (ten thousand entries are cut at once).
    static func listCount(_ key: String, in json: Substring.UTF8View) -> Int {
        guard let list = listText(key, in: json) else { return 0 }
        guard list.contains(where: { $0 != UInt8(ascii: " ") }) else { return 0 }
        return list.count(where: { $0 == UInt8(ascii: ",") }) + 1
    }

    /// Whether the entry's `also` names an STD or a BCP (`"also":["STD0090"]`).
    static func isInSubseries(_ fields: Substring.UTF8View) -> Bool {
        guard let list = listText("also", in: fields) else { return false }
        return list.firstRange(of: #""STD"#.utf8) != nil || list.firstRange(of: #""BCP"#.utf8) != nil
    }

    /// The numbers of the JSON list under `key` (`"obsoletes":[2251,2830]`), as the IDs of
    /// the entries they name; empty for none or no list.
    static func listNumbers(_ key: String, in json: Substring.UTF8View) -> [String] {
        guard let list = listText(key, in: json) else { return [] }
        return list.split { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The text between the `[` and `]` of the JSON list under `key` (lists of numbers or
    /// identifiers: no `]` inside their items).
    private static func listText(_ key: String, in json: Substring.UTF8View) -> Substring.UTF8View.SubSequence? {
        guard let found = json.firstRange(of: "\"\(key)\"".utf8) else { return nil }
        let rest = json[found.upperBound...].drop { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") }
        guard rest.first == UInt8(ascii: "["), let end = rest.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        return rest[rest.index(after: rest.startIndex)..<end]
    }
}
