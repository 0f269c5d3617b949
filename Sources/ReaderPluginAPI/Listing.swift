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

    public init(
        requestType: String, describes: String, name: String, absentField: String? = nil, absentMark: String? = nil,
        absentReason: String? = nil, statuses: [String] = [], titlesWin: Bool = false, everyWord: String? = nil
    ) {
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
