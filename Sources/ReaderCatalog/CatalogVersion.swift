import ReaderSupport

/// An earlier version of a stored document: what its catalog entry said before a fetch
/// brought other bytes. Kept in the entry (`versions`, oldest first), so that everything that
/// follows an entry's blobs — `gc`, `cache verify`, `push`, `pull` — keeps, checks and carries
/// the versions too, and a store written before versions existed reads unchanged (no key).
///
/// A version is a distinct content: it is known by its raw blob. A re-parse by a newer module
/// makes no version (the bytes are the same), nor does a 304; a page that returns to an earlier
/// content makes that content the latest again, and its earlier place in the history goes.
public struct CatalogVersion: Sendable, Hashable, Codable {
    public var raw: BlobID
    public var document: BlobID
    /// When this content was fetched (or last revalidated), ISO 8601 in UTC.
    public var fetchedAt: String
    public var size: Int
    public var title: String?
    public var url: String?
    public var mediaType: String?
    public var charset: String?
    public var module: String
    public var moduleVersion: String
    /// The pictures this version's document names (``CatalogEntry/pictures``).
    public var pictures: [BlobID]?

    public init(of entry: CatalogEntry) {
        raw = entry.raw
        document = entry.document
        fetchedAt = entry.fetchedAt
        size = entry.size
        title = entry.title
        url = entry.url
        mediaType = entry.mediaType
        charset = entry.charset
        module = entry.module
        moduleVersion = entry.moduleVersion
        pictures = entry.pictures
    }
}

extension CatalogEntry {
    /// The earlier versions, oldest first; empty for a document fetched once.
    public var earlier: [CatalogVersion] { versions ?? [] }

    /// Every version, oldest first, the current one last: version N is `allVersions[N - 1]`.
    public var allVersions: [CatalogVersion] { earlier + [CatalogVersion(of: self)] }

    /// The entry as it was at `version`: its blobs, date, size and maker; no earlier versions.
    public func at(_ version: CatalogVersion) -> CatalogEntry {
        var entry = self
        entry.raw = version.raw
        entry.document = version.document
        entry.fetchedAt = version.fetchedAt
        entry.size = version.size
        entry.title = version.title
        entry.url = version.url
        entry.mediaType = version.mediaType
        entry.charset = version.charset
        entry.module = version.module
        entry.moduleVersion = version.moduleVersion
        entry.pictures = version.pictures
        entry.versions = nil
        return entry
    }

    /// This entry, stored in place of `previous`, keeping `previous`'s versions and `previous`
    /// itself when its content differs.
    public func keeping(_ previous: CatalogEntry?) -> CatalogEntry {
        guard let previous else { return self }
        // In the order they were stored, not sorted by date: two fetches within one second
        // (dates have seconds) keep their order.
        return withVersions(previous.earlier + [CatalogVersion(of: previous)] + earlier, sorted: false)
    }

    /// The two entries of one key merged: the newer fetch (``newerFetch(_:_:)``), with every
    /// version either knows. Commutative, so that every store and the remote agree.
    public static func merged(_ a: CatalogEntry, _ b: CatalogEntry) -> CatalogEntry {
        let winner = newerFetch(a, b)
        let loser = winner == a ? b : a
        return winner.withVersions(a.earlier + b.earlier + [CatalogVersion(of: loser)], sorted: true)
    }

    /// This entry without earlier versions: a listing's (the store's `commit(…, keepVersions: false)`).
    public var withoutVersions: CatalogEntry {
        var entry = self
        entry.versions = nil
        return entry
    }

    /// This entry with only its `count` latest earlier versions (`gc --keep-versions N`).
    public func keepingLast(_ count: Int) -> CatalogEntry {
        var entry = self
        let kept = Array(earlier.suffix(max(0, count)))
        entry.versions = kept.isEmpty ? nil : kept
        return entry
    }

    /// `versions` made of `candidates`, one per content, the current content left out: of two
    /// with one raw blob, the earlier fetch kept; `sorted`, in the one order everyone computes
    /// (a merge), else in the order given.
    func withVersions(_ candidates: [CatalogVersion], sorted: Bool) -> CatalogEntry {
        var kept: [CatalogVersion] = []
        var place: [BlobID: Int] = [:]
        for version in candidates where version.raw != raw {
            if let index = place[version.raw] {
                if Self.isEarlier(version, kept[index]) { kept[index] = version }
                continue
            }
            place[version.raw] = kept.count
            kept.append(version)
        }
        if sorted { kept.sort(by: Self.isEarlier) }
        var entry = self
        entry.versions = kept.isEmpty ? nil : kept
        return entry
    }

    /// The order of versions: by fetch time, then by blob names (a total order, for ties).
    static func isEarlier(_ a: CatalogVersion, _ b: CatalogVersion) -> Bool {
        if a.fetchedAt != b.fetchedAt { return a.fetchedAt < b.fetchedAt }
        if a.raw != b.raw { return a.raw < b.raw }
        return a.document < b.document
    }
}
