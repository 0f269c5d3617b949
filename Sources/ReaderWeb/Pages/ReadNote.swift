import Hummingbird
import ReaderKit
import Synchronization

extension Site {
    /// A document page a person was shown (a GET for HTML that found it) is an open, noted in
    /// the store's ``ReadsJournal`` as `reader open` notes one: the home page's "Recently
    /// read". Noted after the answer is made, and for a page kept from before as well — but
    /// not again for the page noted last, within ``LastRead/again`` of it: the same page shown
    /// again and again (a reload, a client polling it, a benchmark) changes nothing "Recently
    /// read" shows, and noting each showing (the journal opened, locked and written, on a
    /// thread of the blocking pool and back) took half of what a kept page costs to serve.
    func noteRead(_ key: String, _ request: Request, _ forced: Answer.Format?, _ response: Response) async -> Response {
        guard request.method == .get, response.status == .ok, format(of: request, forced) == .html else { return response }
        guard lastRead.isNew(key) else { return response }
        let reader = reader
        _ = try? await Site.blocking { reader.noteOpened(key) }
        return response
    }
}

/// The page `reader serve` noted last as read, and when.
final class LastRead: Sendable {
    /// How long the same page shown again is not noted again: the journal keeps times to the
    /// second and the home page shows days.
    static let again: Duration = .seconds(60)

    private let last = Mutex<(key: String, at: ContinuousClock.Instant)?>(nil)

    /// Whether `key` is to be noted now: another page than the last noted, or the same one a
    /// while later. Counts it as noted.
    func isNew(_ key: String, now: ContinuousClock.Instant = .now) -> Bool {
        last.withLock { last in
            if let last, last.key == key, now - last.at < Self.again { return false }
            last = (key, now)
            return true
        }
    }
}
