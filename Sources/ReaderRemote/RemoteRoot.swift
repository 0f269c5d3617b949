/// `catalog/root.json`, the one object of a remote ever replaced (only on `If-Match` with the
/// ETag it was read with): the segments that make the catalog and, once `reader cache gc
/// --remote` has run, where its collection stands (``RemoteCollection``).
struct RemoteRoot: Codable, Equatable {
    /// 1 until `gc --remote` first runs, 2 from then on. reader 0.7 knows nothing of collection
    /// and refuses a root of another version (as damaged, exit 6) rather than push past a
    /// sweep; the version never goes back, since `generation` must never repeat.
    var version = 1
    var segments: [String] = []
    var gc: CollectionState?

    /// The collection's state, none before the first `gc --remote`.
    var collection: CollectionState { gc ?? CollectionState() }
}

/// Where `gc --remote` stands: a mark waiting out its grace period, a sweep under way, and how
/// many sweeps have begun. Every list is an immutable object `catalog/gc/<sha256>.txt`
/// (``RemoteCatalog/writeList(_:)``), so the root stays small.
struct CollectionState: Codable, Equatable {
    /// Sweeps begun so far. A push that saw objects "already there" names them only under the
    /// generation it saw them in (``RemoteCatalog/add(_:naming:checked:restore:waiting:)``).
    var generation = 0
    var mark: Mark?
    var sweep: Sweep?

    /// The objects no entry named when the mark was made, and when that was by the server's
    /// clock (seconds since 1970). A push that names one of them takes it off the list.
    struct Mark: Codable, Equatable {
        var objects: String
        var markedAt: Int
    }

    /// The objects a sweep removes, fixed when it begins, and the server time before which it
    /// sends its last DELETE. Until then no push names one of them.
    struct Sweep: Codable, Equatable {
        var objects: String
        var until: Int

        /// Whether it may still remove objects at server time `now` (nil: unknown, so yes).
        func isUnderWay(at now: Int?) -> Bool {
            guard let now else { return true }
            return now < until
        }
    }
}
