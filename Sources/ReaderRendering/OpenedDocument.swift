import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// A document ready to render, with what the store says about it.
public struct OpenedDocument: Sendable {
    public var document: Document
    /// Banner lines from the entry that describes it ("Obsoleted by RFC 9293").
    public var notices: [String]
    /// Keys the describing entry adds to the JSON output (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue]
    /// The stored document blob it was read from; nil for a local file.
    package var storedAs: BlobID?
    /// The describing document, as it was when this was opened (for the view cache).
    package var dependency: ViewCache.Dependency?
    /// The titles of the RFCs the document cites, from the stored index.
    public package(set) var citedTitles: [Int: String] = [:]

    public init(document: Document, notices: [String] = [], annotations: [String: JSONValue] = [:]) {
        self.document = document
        self.notices = notices
        self.annotations = annotations
    }
}
