import ReaderKit
import Synchronization

/// What every request asks of the store before a kept page is sent — the catalog's stamp (two
/// `lstat`) and whether the store holds any note, tag or mark (one more) — read at most once a
/// millisecond. At 20,000 pages a second those three calls were a twentieth of the server's
/// time. A change another process makes is seen a millisecond later at most (a request under
/// way when it was made could miss it as well); one this process makes — a form of the site,
/// or a caller of the library beside it — at once (``Reader/changesMade``).
final class StoreGlance: Sendable {
    struct Look: Sendable {
        var stamp: CatalogStamp
        /// Whether the store holds any note, tag or mark (``Reader/hasAnyAnnotations``).
        var annotated: Bool
    }

    /// How long a look stands.
    static let life: Duration = .milliseconds(1)

    private let kept = Mutex<(look: Look, at: ContinuousClock.Instant, changes: Int)?>(nil)

    /// The store as it was at most ``life`` ago, and since this process last changed it.
    func look(_ reader: Reader, now: ContinuousClock.Instant = .now) -> Look {
        // Counted before looking: a change made meanwhile makes the next request look again.
        let changes = reader.changesMade
        if let kept = kept.withLock({ $0 }), kept.changes == changes, now - kept.at < Self.life { return kept.look }
        let look = Look(stamp: reader.catalogStamp, annotated: reader.hasAnyAnnotations)
        kept.withLock { $0 = (look, now, changes) }
        return look
    }
}
