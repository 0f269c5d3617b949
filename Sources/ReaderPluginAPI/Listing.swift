/// A document that lists the documents of another request type, one ``Entry`` each — the RFC
/// index lists the RFCs — declared by the module that reads it, as plain values: the engine
/// then answers `reader list` and `reader search` from it, fetches every entry (`reader fetch
/// rfc all`), says why a listed document has no text ("was never issued"), shows the listing's
/// titles, and the site draws its `/index` page, without knowing the source.
///
/// An entry's ``Entry/id`` is the described request type's argument (`793` for `rfc`): the
/// document it names has the key that request's ``Identifier`` gives (`rfc/793`).
public struct Listing: Sendable, Hashable, Codable {
    /// The request type whose document is the listing (`rfc-index`); it takes no argument.
    public var requestType: String
    /// The request type its entries describe (`rfc`).
    public var describes: String
    /// What the listing is called in prose (`RFC index`): "not in the stored RFC index".
    public var name: String
    /// A field of an entry that, `true`, marks an entry naming no document (`notIssued`).
    public var absentField: String?
    /// How the listing writes such an entry (`Not Issued`), quoted in messages.
    public var absentMark: String?
    /// What such a document is, after "was" (`never issued`): "RFC 14 was never issued".
    public var absentReason: String?
    /// The entries' statuses in order of authority (`INTERNET STANDARD` first): the choices of
    /// the site's status filter.
    public var statuses: [String]
    /// Whether an entry's title is shown for the document it describes rather than the title
    /// read from the document itself (a curated listing over titles read from old layouts).
    public var titlesWin: Bool
    /// The word after the described request type that asks for every entry's document (`all`:
    /// `reader fetch rfc all`); nil when the module offers none.
    public var everyWord: String?
    /// Identifiers that each name a set of the listed documents (``ListingGroup``: `bcp 14` is
    /// RFCs 2119 and 8174): `reader open bcp 14` opens every member, `list` and `search` know them.
    public var groups: [ListingGroup]

    // The initializer of 0.11 kept as it was: a module library built against it links to it.
    public init(
        requestType: String, describes: String, name: String, absentField: String? = nil, absentMark: String? = nil,
        absentReason: String? = nil, statuses: [String] = [], titlesWin: Bool = false, everyWord: String? = nil
    ) {
        self.init(
            requestType: requestType, describes: describes, name: name, absentField: absentField, absentMark: absentMark,
            absentReason: absentReason, statuses: statuses, titlesWin: titlesWin, everyWord: everyWord, groups: [])
    }

    public init(
        requestType: String, describes: String, name: String, absentField: String? = nil, absentMark: String? = nil,
        absentReason: String? = nil, statuses: [String] = [], titlesWin: Bool = false, everyWord: String? = nil,
        groups: [ListingGroup]
    ) {
        self.groups = groups
        self.requestType = requestType
        self.describes = describes
        self.name = name
        self.absentField = absentField
        self.absentMark = absentMark
        self.absentReason = absentReason
        self.statuses = statuses
        self.titlesWin = titlesWin
        self.everyWord = everyWord
    }
}

/// A kind of group of a listing's entries, each group named by a word and a number (`bcp 14`,
/// `std 7`, `fyi 38`): an entry is a member of group N when its ``field`` (a string, or an array
/// of strings) holds ``mark`` followed by N, zeros before N ignored (`"also": ["BCP0014"]`).
/// Members are opened in the listing's order; the engine opens at most ``ListingGroup/mostMembers``.
public struct ListingGroup: Sendable, Hashable, Codable {
    /// The word that names a group of this kind (`bcp`): `reader open bcp 14`, `reader list bcp`.
    public var word: String
    /// What the kind is called in prose (`Best Current Practice`).
    public var name: String
    /// The entry field that lists the groups an entry is in (`also`).
    public var field: String
    /// How the field writes this kind (`BCP`), and how a group is labelled (`BCP 14`).
    public var mark: String

    /// A group is a reading list, not a listing: past this many members, the rest are counted.
    public static let mostMembers = 1000

    public init(word: String, name: String, field: String, mark: String) {
        self.word = word
        self.name = name
        self.field = field
        self.mark = mark
    }

    /// The group number `value` of `entry`'s field names for this kind, if any (`BCP0014` → 14).
    public func number(in value: String) -> Int? {
        let upper = value.uppercased()
        guard upper.hasPrefix(mark.uppercased()) else { return nil }
        let digits = upper.dropFirst(mark.count).drop { $0 == " " }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The group numbers `entry` is a member of.
    public func numbers(of entry: Entry) -> [Int] {
        switch entry.fields[field] {
        case .string(let text)?: return number(in: text).map { [$0] } ?? []
        case .array(let items)?: return items.compactMap { $0.stringValue.flatMap(number(in:)) }
        default: return []
        }
    }
}

extension Listing {
    private enum CodingKeys: String, CodingKey {
        case requestType, describes, name, absentField, absentMark, absentReason, statuses, titlesWin, everyWord, groups
    }

    // By hand for `groups`: a module library built before them sends none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            requestType: try container.decode(String.self, forKey: .requestType),
            describes: try container.decode(String.self, forKey: .describes), name: try container.decode(String.self, forKey: .name),
            absentField: try container.decodeIfPresent(String.self, forKey: .absentField),
            absentMark: try container.decodeIfPresent(String.self, forKey: .absentMark),
            absentReason: try container.decodeIfPresent(String.self, forKey: .absentReason),
            statuses: try container.decode([String].self, forKey: .statuses),
            titlesWin: try container.decode(Bool.self, forKey: .titlesWin),
            everyWord: try container.decodeIfPresent(String.self, forKey: .everyWord),
            groups: try container.decodeIfPresent([ListingGroup].self, forKey: .groups) ?? [])
    }

    // `groups` only when declared: a listing without them is written as before them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestType, forKey: .requestType)
        try container.encode(describes, forKey: .describes)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(absentField, forKey: .absentField)
        try container.encodeIfPresent(absentMark, forKey: .absentMark)
        try container.encodeIfPresent(absentReason, forKey: .absentReason)
        try container.encode(statuses, forKey: .statuses)
        try container.encode(titlesWin, forKey: .titlesWin)
        try container.encodeIfPresent(everyWord, forKey: .everyWord)
        if !groups.isEmpty { try container.encode(groups, forKey: .groups) }
    }
}
