/// A typed edge from a document to another catalog key: RFC 9293 obsoletes `rfc/793`, a page
/// links to a URL, a tweet replies to another, an erratum annotates section 3.2 of an RFC.
///
/// A module puts the relations it reads in ``Document/relations``; the engine keeps every
/// stored document's in one derived index, so that `reader refs KEY` answers both ways for any
/// document, banners ("Obsoleted by RFC 9293") and ranking follow the kinds' flags, and the
/// site links what is stored and offers to fetch what is not — without knowing the source.
public struct Relation: Sendable, Hashable, Codable {
    /// The kind's ``RelationKind/name`` (`cites`, `obsoletes`, …).
    public var type: String
    /// The catalog key it points to (`rfc/793`, a URL key, `tweets/status:123`).
    public var target: String
    /// The section of the document the relation is made in (`3.2`), when it has one.
    public var section: String?
    /// The section of the target it names (`reader refs KEY --section S` finds citations to it).
    public var targetSection: String?
    /// The key of the document the relation is *of*, when a document tells of others (the RFC
    /// index says `rfc/9293` obsoletes `rfc/793`); `nil`: of this document.
    public var subject: String?

    public init(type: String, target: String, section: String? = nil, targetSection: String? = nil, subject: String? = nil) {
        self.type = type
        self.target = target
        self.section = section
        self.targetSection = targetSection
        self.subject = subject
    }

    public init(_ kind: RelationKind, target: String, section: String? = nil, targetSection: String? = nil, subject: String? = nil) {
        self.init(type: kind.name, target: target, section: section, targetSection: targetSection, subject: subject)
    }
}

/// What a relation type means, as plain values: its names both ways (the keys of `reader refs
/// --json`), the words a person reads, and the flags the engine acts on.
public struct RelationKind: Sendable, Hashable, Codable {
    /// Seen from the document that has it: `obsoletes`.
    public var name: String
    /// Seen from its target: `obsoletedBy`.
    public var inverse: String
    /// Words before the targets in a list (`Obsoletes`), and before the subjects (`Obsoleted by`).
    public var label: String
    public var inverseLabel: String
    /// Whether a stored target shows a banner naming the documents that have this relation to
    /// it ("Obsoleted by RFC 9293"), in `open` and in the site.
    public var banner: Bool
    /// Whether the target is superseded: search ranks it below the documents that have this
    /// relation to it (an obsoleted RFC below its successor, a replaced draft below the RFC).
    public var supersedes: Bool
    /// Whether the text view of a document ends with the targets it has this relation to, under
    /// ``label``, each with the command that opens it (`Cites`: `RFC 791   reader open 791`).
    public var listed: Bool
    /// Whether the document that has this relation shows a banner too, naming its targets under
    /// ``label`` ("Became RFC 8288" on the draft, as the RFC shows "Came from draft-…-08"): for
    /// a kind that tells a reader of the document itself that it was succeeded.
    public var subjectBanner: Bool

    // The initializer of 0.12 kept as it was: a module library built against it links to it.
    public init(
        name: String, inverse: String, label: String, inverseLabel: String, banner: Bool = false, supersedes: Bool = false,
        listed: Bool = false
    ) {
        self.init(
            name: name, inverse: inverse, label: label, inverseLabel: inverseLabel, banner: banner, supersedes: supersedes,
            listed: listed, subjectBanner: false)
    }

    public init(
        name: String, inverse: String, label: String, inverseLabel: String, banner: Bool = false, supersedes: Bool = false,
        listed: Bool = false, subjectBanner: Bool
    ) {
        self.name = name
        self.inverse = inverse
        self.label = label
        self.inverseLabel = inverseLabel
        self.banner = banner
        self.supersedes = supersedes
        self.listed = listed
        self.subjectBanner = subjectBanner
    }
}

extension RelationKind {
    private enum CodingKeys: String, CodingKey {
        case name, inverse, label, inverseLabel, banner, supersedes, listed, subjectBanner
    }

    // By hand for `listed` and `subjectBanner`: a module library built before them sends none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name), inverse: try container.decode(String.self, forKey: .inverse),
            label: try container.decode(String.self, forKey: .label),
            inverseLabel: try container.decode(String.self, forKey: .inverseLabel),
            banner: try container.decode(Bool.self, forKey: .banner), supersedes: try container.decode(Bool.self, forKey: .supersedes),
            listed: try container.decodeIfPresent(Bool.self, forKey: .listed) ?? false,
            subjectBanner: try container.decodeIfPresent(Bool.self, forKey: .subjectBanner) ?? false)
    }

    // `listed` and `subjectBanner` only when set: a kind without them is written as before them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(inverse, forKey: .inverse)
        try container.encode(label, forKey: .label)
        try container.encode(inverseLabel, forKey: .inverseLabel)
        try container.encode(banner, forKey: .banner)
        try container.encode(supersedes, forKey: .supersedes)
        if listed { try container.encode(listed, forKey: .listed) }
        if subjectBanner { try container.encode(subjectBanner, forKey: .subjectBanner) }
    }
}

extension RelationKind {
    /// The kinds every module may use by name; a module declares others in its descriptor.
    public static let cites = RelationKind(name: "cites", inverse: "citedBy", label: "Cites", inverseLabel: "Cited by", listed: true)
    public static let obsoletes = RelationKind(
        name: "obsoletes", inverse: "obsoletedBy", label: "Obsoletes", inverseLabel: "Obsoleted by", banner: true,
        supersedes: true)
    public static let updates = RelationKind(
        name: "updates", inverse: "updatedBy", label: "Updates", inverseLabel: "Updated by", banner: true)
    public static let replaces = RelationKind(
        name: "replaces", inverse: "replacedBy", label: "Replaces", inverseLabel: "Replaced by", banner: true,
        supersedes: true)
    /// A draft that became an RFC: the draft `became` the RFC. A banner both ways: "Became RFC
    /// 8288" on the draft, "Came from draft-nottingham-rfc5988bis-08" on the RFC. Not
    /// ``supersedes``: that would rank the RFC (the target) below its draft, the wrong way round.
    public static let became = RelationKind(
        name: "became", inverse: "cameFrom", label: "Became", inverseLabel: "Came from", banner: true, subjectBanner: true)
    /// An erratum, note or review of a document: it `annotates` the document, which lists its `errata`.
    public static let annotates = RelationKind(name: "annotates", inverse: "errata", label: "Annotates", inverseLabel: "Errata")
    public static let links = RelationKind(name: "links", inverse: "linkedFrom", label: "Links to", inverseLabel: "Linked from")
    public static let repliesTo = RelationKind(name: "repliesTo", inverse: "replies", label: "Replies to", inverseLabel: "Replies")
    public static let quotes = RelationKind(name: "quotes", inverse: "quotedBy", label: "Quotes", inverseLabel: "Quoted by")

    /// A document that holds others as its parts (a timeline its tweets, a feed its entries):
    /// what relates to a part relates to the whole, in the part's section. `reader refs` of the
    /// whole lists the parts' relations, not the parts.
    public static let contains = RelationKind(name: "contains", inverse: "containedIn", label: "Contains", inverseLabel: "In")

    public static let standard: [RelationKind] = [
        cites, obsoletes, updates, replaces, became, annotates, links, repliesTo, quotes, contains,
    ]
}
