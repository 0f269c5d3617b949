import Foundation
import ReaderCatalog
import ReaderSupport

/// `reader cache ls` and `reader cache rm`: every stored document, and forgetting some.
extension Store {
    /// One stored document, as `reader cache ls` shows it.
    public struct Listed: Sendable, Codable, Equatable {
        public var key: String
        /// The request type that fetched it (`rfc`, `html`, `tweets`, …).
        public var source: String
        public var title: String?
        public var fetchedAt: String
        /// Compressed bytes of its two blobs on disk (0 for a blob that is missing).
        public var storedBytes: Int
        /// A person's tags on it, and whether it is marked read and starred (``AnnotationState``);
        /// absent from the JSON when it has none of them.
        public var tags: [String]?
        public var read: Bool?
        public var starred: Bool?
    }

    /// Every entry of the catalog, sorted by key; only `source`'s when given. A document a
    /// listing describes has the listing's title where `titles` says so (``ShownTitle``).
    package func list(source: String? = nil, titles sources: TitleSources) throws -> [Listed] {
        let entries = try catalog.read().entries
        let listed = entries.sorted { Self.inListingOrder($0.key, $1.key) }.filter {
            source == nil || $0.value.requestType == source
        }
        let titles = shownTitles(listed.map { ($0.key, $0.value.title) }, sources: sources, catalog: entries)
        return listed.map { key, entry in
            listedDocument(key, entry, title: titles[key] ?? entry.title)
        }
    }

    /// The listing's order: keys by their numbers (`rfc/9` before `rfc/10`), as `cache ls` shows them.
    package static func inListingOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }

    /// A document as the listing shows it: its blobs' sizes read from disk.
    func listedDocument(_ key: String, _ entry: CatalogEntry, title: String?) -> Listed {
        let stored = entry.blobs.reduce(0) { $0 + (FileSystem.status(blobs.path(of: $1))?.size ?? 0) }
        return Listed(key: key, source: entry.requestType, title: title, fetchedAt: entry.fetchedAt, storedBytes: stored)
    }

    /// The store in brief, for a home page or a feed: how many documents of each source, the
    /// latest fetch of each, and the `recent` last fetched (of `source`, when given; newest first,
    /// with their sizes on disk). One pass over the catalog's lines, the entries read only for
    /// their source and fetch time (``SummaryWalk``), and a size looked up only for the recent
    /// ones: `list()` of ten thousand entries stats twenty thousand files.
    public struct Summary: Sendable {
        public var counts: [String: Int]
        public var latest: [String: String]
        public var recent: [Listed]
    }

    package func summary(recent count: Int, source: String? = nil, titles sources: TitleSources) throws -> Summary {
        var walk = SummaryWalk(keeping: count, source: source)
        let walked = try catalog.forEachMember { literal, json in try walk.add(literal: literal, json: json) }
        let newest: [(key: String, entry: CatalogEntry)]
        var (counts, latest) = (walk.counts, walk.latest)
        if walked {
            newest = try walk.newest.compactMap { place in try catalog.entry(place.key).map { (place.key, $0) } }
        } else {
            // Not the sorted line layout (an older store, damage): read whole, or told what is wrong.
            let entries = try catalog.read().entries
            (counts, latest) = ([:], [:])
            for entry in entries.values {
                counts[entry.requestType, default: 0] += 1
                latest[entry.requestType] = max(latest[entry.requestType] ?? "", entry.fetchedAt)
            }
            newest = entries.filter { source == nil || $0.value.requestType == source }
                .sorted { SummaryWalk.isNewer(($0.value.fetchedAt, $0.key), than: ($1.value.fetchedAt, $1.key)) }
                .prefix(max(0, count)).map { ($0.key, $0.value) }
        }
        return Summary(counts: counts, latest: latest, recent: listed(newest, titles: sources))
    }

    /// The stored documents of `keys`, in that order; a key not stored is left out. Each entry
    /// is looked up alone: what a feed of the documents of one tag needs of a million.
    package func listed(keys: [String], titles sources: TitleSources) throws -> [Listed] {
        listed(try keys.compactMap { key in try catalog.entry(key).map { (key, $0) } }, titles: sources)
    }

    /// `entries` as the listing shows them, in the order given, with the titles `sources` give.
    func listed(_ entries: [(key: String, entry: CatalogEntry)], titles sources: TitleSources) -> [Listed] {
        let titles = shownTitles(entries.map { ($0.key, $0.entry.title) }, sources: sources)
        return entries.map { key, entry in listedDocument(key, entry, title: titles[key] ?? entry.title) }
    }

    /// Removes the entries of `keys` from the catalog, with one journal write; their blobs
    /// stay until `reader cache gc`. Throws `notStored` naming the first key not stored, and
    /// then removes nothing. A stored key that breaks the key rule (stored before it, with a
    /// newline, a NUL, a bidi override…) is named by its printable form, as `cache ls` shows it
    /// (``CatalogKey/printable(_:)``): every key in the store can be removed.
    public func remove(keys given: [String]) throws {
        // Each key looked up as given; only a key not stored so sends us through the catalog's
        // keys for one printed so (a walk of the keys, no entry decoded).
        var keys: [String] = []
        var unknown: [String] = []
        for key in given {
            if try catalog.entry(key) != nil { keys.append(key) } else { unknown.append(key) }
        }
        if !unknown.isEmpty {
            var byPrintable: [String: String] = [:]
            let wanted = Set(unknown)
            let walked = try catalog.forEachMember { literal, _ in
                guard let key = try? CatalogFile.key(literal) else { return }
                let printable = CatalogKey.printable(key)
                if printable != key && wanted.contains(printable) { byPrintable[printable] = key }
            }
            if !walked {
                for key in try catalog.read().entries.keys where CatalogKey.printable(key) != key {
                    byPrintable[CatalogKey.printable(key)] = key
                }
            }
            for key in unknown {
                guard let stored = byPrintable[key] else { throw ReaderError.notInStore(key: key) }
                keys.append(stored)
            }
        }
        try prepare()
        try withWritersLock {
            try catalog.record(contentsOf: keys.map { (key: $0, entry: nil) })
        }
        unindex(keys)
        try compactCatalog()
    }
}
