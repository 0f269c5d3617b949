import ReaderCatalog
import ReaderRemote
import ReaderStore
import ReaderSupport

/// What the CLI and the site ask of the store, through the façade: they name no engine layer
/// (`reader.store` is the engine's own), so the store can change behind these calls.
extension Reader {
    /// The store's root folder (`reader cache stats`).
    public var storeRoot: String { store.root }

    /// The catalog's state: it changes whenever a process stores or forgets something, so a
    /// long-running reader (`reader serve`) knows when what it read is stale.
    public var catalogStamp: CatalogStamp { store.catalog.stamp }

    /// How many changes this process has made to the store so far (entries recorded, notes,
    /// tags and marks kept): what it wrote itself, a long-running reader sees at once.
    public var changesMade: Int { StoreChanges.count(in: store.root) }

    /// Whether `key`, as written, is the catalog key of a stored document.
    public func isStored(_ key: String) -> Bool { (try? store.entry(key)) != nil }

    /// Every stored document (`reader cache ls`), of one source when `source` is given.
    public func listStored(source: String? = nil) throws -> [Store.Listed] { try store.list(source: source, titles: titleSources) }

    /// The first `limit` of ``listStored(source:)``, the rest of the catalog walked but not read:
    /// the head of a listing of a million documents.
    public func listStored(source: String? = nil, limit: Int) throws -> [Store.Listed] {
        try store.list(source: source, limit: limit, titles: titleSources)
    }

    /// ``listStored(source:)`` with each document's tags and marks, only those `filter` admits.
    public func listStored(source: String? = nil, filter: AnnotationFilter) throws -> [Store.Listed] {
        let states = try annotationStates()
        // A tag or a star is only on a document with notes: those are looked up one by one
        // rather than the whole catalog read (a million tweets: 11.7 s and 2 GB for a few).
        let candidates: [Store.Listed]
        if filter.tag != nil || filter.starred {
            candidates = try listStored(keys: states.filter { filter.admits($0.value) }.map(\.key))
                .filter { source == nil || $0.source == source }
                .sorted { Store.inListingOrder($0.key, $1.key) }
        } else {
            candidates = try listStored(source: source)
        }
        return candidates.compactMap { listed in
            let state = states[listed.key]
            guard filter.admits(state) else { return nil }
            var listed = listed
            if let state, !state.tags.isEmpty || state.read || state.starred {
                (listed.tags, listed.read, listed.starred) = (state.tags, state.read, state.starred)
            }
            return listed
        }
    }

    /// The counts by source, the latest fetch of each, and the last `recent` documents fetched
    /// (of `source`, when given): one pass over the catalog, whatever its size.
    public func storeSummary(recent: Int, source: String? = nil) throws -> Store.Summary {
        try store.summary(recent: recent, source: source, titles: titleSources)
    }

    /// The stored documents of `keys`, in that order, each looked up alone.
    public func listStored(keys: [String]) throws -> [Store.Listed] { try store.listed(keys: keys, titles: titleSources) }

    /// The catalog entry of `key`, if it is stored.
    public func entry(_ key: String) throws -> CatalogEntry? { try store.entry(key) }

    /// The titles shown for `entries`: a listing's where its titles win (``ShownTitle``).
    public func shownTitles(of entries: [(key: String, entry: CatalogEntry)]) -> [String: String?] {
        store.shownTitles(entries.map { ($0.key, $0.entry.title) }, sources: titleSources)
    }

    /// The documents opened last, newest first.
    public func recentReads(limit: Int) throws -> [ReadsJournal.Open] { try store.reads.recent(limit: limit) }

    /// Forgets `keys` (`reader cache rm`); their blobs go at the next garbage collection.
    public func remove(keys: [String]) throws { try store.remove(keys: keys) }

    /// What is stored, and how much room it takes (`reader cache stats`).
    public func stats() throws -> Store.Stats { try store.stats() }

    /// Every blob read back and every entry checked (`reader cache verify`).
    public func verify() -> Store.Verification { store.verify() }

    /// The remote's catalog and every blob its entries name, checked (`reader cache verify --remote`).
    public func verify(_ remote: Remote, jobs: Int) async throws -> Store.Verification {
        try await remote.verify(using: store.blobs, jobs: jobs)
    }

    /// Removes blobs no entry names and files left by interrupted writes (`reader cache gc`);
    /// with `keepingVersions`, first forgets all but that many earlier versions of each document.
    public func collectGarbage(keepingVersions: Int? = nil) throws -> Store.GarbageReport {
        try store.collectGarbage(keepingVersions: keepingVersions)
    }

    /// Deflates again, densely, the blobs a fetch wrote fast (`reader cache gc --repack`).
    public func repack() throws -> Store.RepackReport { try store.repack() }

    /// Builds the full-text index anew (`reader cache reindex`); the number of documents indexed.
    public func reindex() throws -> Int { try store.reindex() }

    /// What a rebuilt catalog may have lost, while it may lack entries.
    public var catalogLoss: String? { store.catalogLoss }

    /// Gives up what a rebuilt catalog lost (`reader cache recover --accept-loss`).
    public func acceptCatalogLoss() throws -> String? { try store.acceptCatalogLoss() }

    /// Sends the store's entries and blobs the remote lacks (`reader push`).
    public func push(
        to remote: Remote, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        var result = try await remote.push(store, jobs: jobs, progress: progress)
        result.annotations = try await remote.pushAnnotations(store, jobs: jobs)
        return result
    }

    /// Takes the remote's entries and blobs the store lacks (`reader pull`).
    public func pull(
        from remote: Remote, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        var result = try await remote.pull(into: store, jobs: jobs, progress: progress)
        (result.annotations, result.annotationsRefused) = try await remote.pullAnnotations(into: store, jobs: jobs)
        return result
    }
}
