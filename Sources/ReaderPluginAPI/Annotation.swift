/// A remark that a document of one source makes on a document of another: an erratum of the
/// RFC Editor on RFC 9110, and later notes of other kinds.
///
/// A module puts the annotations it reads in ``Document/annotations``, each naming the catalog
/// key it is about and where (a quoted passage, a section); it declares in its descriptor
/// (``AnnotationSet``) which of its documents carry them, their statuses and how each is
/// shown. The engine then places every annotation in the text of its target when that is
/// opened — at the passage quoted, found despite re-wrapping and elisions, else at the section
/// named, else at the end — in every format and on the site, without knowing the source.
public struct Annotation: Sendable, Hashable, Codable {
    /// Unique within its document (`7105`).
    public var id: String
    /// The catalog key of the document it is about (`rfc/9110`).
    public var target: String
    /// One of the declared statuses' ``AnnotationStatus/code`` (`verified`).
    public var status: String
    /// Its kind, in the source's words (`technical`, `editorial`).
    public var kind: String?
    /// The section of the target it names (`15.4.9`), when it names one.
    public var section: String?
    /// The passage of the target it is about, as quoted: possibly re-wrapped, with "..." for
    /// what was left out.
    public var quote: String?
    /// The text it proposes in place of ``quote``.
    public var replacement: String?
    /// What it says besides.
    public var notes: String?
    /// When it was made or last changed (ISO 8601).
    public var date: String?
    /// Who made it.
    public var author: String?

    public init(
        id: String, target: String, status: String, kind: String? = nil, section: String? = nil, quote: String? = nil,
        replacement: String? = nil, notes: String? = nil, date: String? = nil, author: String? = nil
    ) {
        self.id = id
        self.target = target
        self.status = status
        self.kind = kind
        self.section = section
        self.quote = quote
        self.replacement = replacement
        self.notes = notes
        self.date = date
        self.author = author
    }
}

/// The annotations a module's documents carry, declared as plain values: which stored
/// document holds them, what they are called, and their statuses.
public struct AnnotationSet: Sendable, Hashable, Codable {
    /// The catalog key of the document that carries them (`errata`).
    public var key: String
    /// Their name in the plural: the key of `open --format json` and the option that filters
    /// them (`errata`: `"errata": […]`, `--errata shown|all|none`).
    public var name: String
    /// What one is called, capitalised (`Erratum`): "Erratum 7105".
    public var singular: String
    /// The statuses, in the order they are summed up ("2 verified, 1 held, 5 rejected").
    public var statuses: [AnnotationStatus]

    public init(key: String, name: String, singular: String, statuses: [AnnotationStatus]) {
        self.key = key
        self.name = name
        self.singular = singular
        self.statuses = statuses
    }
}

/// One status of an ``AnnotationSet``.
public struct AnnotationStatus: Sendable, Hashable, Codable {
    /// As ``Annotation/status`` writes it (`held`).
    public var code: String
    /// A word for the summary ("1 held").
    public var label: String
    /// What it says beside the annotation ("held for document update", "reported, not verified").
    public var description: String
    /// Whether it is shown unless every annotation is asked for (a rejected erratum is not).
    public var shown: Bool

    public init(code: String, label: String, description: String, shown: Bool) {
        self.code = code
        self.label = label
        self.description = description
        self.shown = shown
    }
}
