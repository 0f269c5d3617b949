import ReaderSupport

/// What happens to each request of a fetch, in order, as an `AsyncStream`.
public enum ProgressEvent: Sendable, Equatable {
    /// Accepted, waiting for a free slot.
    case queued(key: String)
    /// Bytes received so far, and the total when the server said it.
    case inProgress(key: String, bytes: Int, total: Int?)
    /// The server asked to slow down (429 or 503 with `Retry-After`): the request is asked
    /// again after `seconds`; 0 when the wait is over.
    case waiting(key: String, seconds: Int)
    case finished(key: String, result: FetchResult)
    case failed(key: String, error: ReaderError)
    case cancelled(key: String)

    public var key: String {
        switch self {
        case .queued(let key), .inProgress(let key, _, _), .waiting(let key, _), .finished(let key, _), .failed(let key, _),
            .cancelled(let key):
            key
        }
    }
}

/// The outcome of one fetched request.
public struct FetchResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        /// Downloaded and stored.
        case fetched
        /// The server said the stored copy is current (HTTP 304).
        case notModified
        /// Stored already and never changes (a published RFC): not asked again.
        case alreadyStored
    }

    public var key: String
    public var status: Status
    public var title: String
    /// Raw bytes received from the network (0 unless fetched).
    public var bytesFetched: Int
    /// Compressed bytes newly written to the store.
    public var bytesStored: Int
    /// For index documents: entries in all, and how many are new or changed since last time.
    public var entries: Int
    public var entriesNew: Int
    public var entriesUpdated: Int
    /// What to say instead of "already stored" when a stored document stood in for the one
    /// asked (``Resolution``: "the newest stored (…unreachable…)").
    public var note: String? = nil
    /// The targets of the relations its module `follows` (``ModuleDescriptor/follows``: a feed's
    /// entries' pages) that its previous stored version did not have; empty when nothing new
    /// was stored. `reader fetch --follow` fetches them (``Reader/followRequests(_:)``).
    public var followed: [String] = []
    /// The pictures kept with the document (each once, however often it is shown).
    public var pictures: Int = 0
    /// One line for each picture, or set of pictures, not kept: a budget hit, a refusal.
    public var pictureRefusals: [String] = []
}
