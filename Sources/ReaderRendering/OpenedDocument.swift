import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// A document ready to render, with what the store says about it.
public struct OpenedDocument: Sendable {
    public var document: Document
    /// Banner lines ("Obsoleted by RFC 9293", "Became RFC 8288"): for a stored document, drawn
    /// from its typed relations (``RelationKind/banner``, ``RelationKind/subjectBanner``); else,
    /// and while the relation index cannot say, the describing entry's.
    public var notices: [String]
    /// Keys the describing entry adds to the JSON output (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue]
    /// The stored document blob it was read from; nil for a local file.
    package var storedAs: BlobID?
    /// The describing document, as it was when this was opened (for the view cache).
    package var dependency: ViewCache.Dependency?
    /// The words after `reader open` that open it (`793` for `rfc/793`), from its module's
    /// identifiers; nil: its key (a local file, a document no identifier names).
    public var shorthand: String?
    /// The lists the text view ends with, one per relation kind marked ``RelationKind/listed``.
    public var relationLists: [RelationList] = []
    /// Whether ``relationLists`` took what it says of the targets from the catalog (their
    /// titles) rather than from the describing entry: its view goes stale when a target is
    /// stored, so it is not kept.
    package var dependsOnCatalog = false
    /// The notes a person wrote on it (``AnnotationShelf``), placed when it is rendered
    /// (``NoteAnchors``). A view with notes is not kept: a note added later would be missing.
    public var userNotes: [Note] = []
    /// The annotations other stored documents make on it (errata), placed, one value per
    /// declared ``AnnotationSet`` whose document is stored.
    public var annotationSets: [PlacedAnnotations] = []
    /// The documents carrying them, as they were when this was opened (for the view cache).
    package var annotationDependencies: [ViewCache.Dependency] = []
    /// The documents that told its banners' relations, and those declared as telling relations,
    /// as they were when this was opened (for the view cache).
    package var bannerDependencies: [ViewCache.Dependency] = []

    public init(
        document: Document, notices: [String] = [], annotations: [String: JSONValue] = [:], shorthand: String? = nil,
        relationLists: [RelationList] = []
    ) {
        self.document = document
        self.notices = notices
        self.annotations = annotations
        self.shorthand = shorthand
        self.relationLists = relationLists
    }
}
