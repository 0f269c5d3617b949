import DocumentJSON
import Foundation
import ReaderCatalog
import ReaderFetch
import ReaderPluginAPI
import ReaderRegistry
import ReaderStore
import ReaderSupport
import ReaderWorkers

/// One request through the engine: locate it, ask the network (or not), parse on a worker,
/// store the raw bytes and the document, record them in the catalog.
struct FetchJob: Sendable {
    let request: Request
    let fetcher: Fetcher
    let store: Store
    let registry: Registry
    let parsers: ParserPool
    let memory: MemoryBudget
    let settings: Settings
    let offline: Bool
    /// Which of a document's pictures are fetched and kept with it.
    let pictures: PictureBudget
    /// `--verbose`: told each step.
    let tracer: (@Sendable (String) -> Void)?
    /// What a stored listing says of a key nothing was found at (``Reader/absence(of:)``).
    let absence: @Sendable (String) -> String?
    /// A bulk fetch's batches: a commit staged is handed to them, and `staged` is told, so
    /// that the job's place goes to the next request while its batch waits (``CommitBatches``).
    let batches: CommitBatches?
    let staged: @Sendable () async -> Void

    init(
        _ request: Request, fetcher: Fetcher, reader: Reader, batches: CommitBatches? = nil,
        staged: @escaping @Sendable () async -> Void = {}
    ) {
        self.batches = batches
        self.staged = staged
        self.request = request
        self.fetcher = fetcher
        store = reader.store
        registry = reader.registry
        parsers = reader.parsers
        memory = reader.memory
        settings = reader.configuration.settings
        offline = reader.configuration.offline
        pictures = reader.configuration.pictures
        tracer = reader.configuration.trace
        absence = { [reader] key in reader.absence(of: key) }
    }

    func run(
        progress: @escaping @Sendable (Int, Int?) -> Void, waiting: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> FetchResult {
        var (module, location) = try resolve()
        if let resolution = location.resolution, case .source(let type, _) = request {
            // Asked first (a draft without a version: which is the latest); offline, or
            // unanswered, the newest stored stands in.
            let resolving = Resolving(store: store, registry: registry, settings: settings)
            let outcome: Resolving.Outcome
            if offline {
                guard let stored = resolving.newestStored(resolution, type: type) else {
                    throw ReaderError.notStored(key: location.key, command: request.fetchCommand)
                }
                outcome = .stored(key: stored.key, entry: stored.entry, argument: stored.argument, why: "the newest stored (offline)")
            } else {
                outcome = try await resolving.resolve(resolution, type: type, key: location.key, fetcher: fetcher, trace: tracer)
            }
            switch outcome {
            case .located(let found, let resolved, _):
                (module, location) = (found, resolved)
            case .stored(let key, let entry, _, let why):
                return FetchResult(
                    key: key, status: .alreadyStored, title: entry.title ?? "", bytesFetched: 0, bytesStored: 0, entries: 0,
                    entriesNew: 0, entriesUpdated: 0, note: why)
            }
        }
        // A damaged catalog reads as "not stored": fetching the key again is how it is repaired.
        let existing = (try? store.entry(location.key)) ?? nil
        if let existing, location.isImmutable, existing.moduleVersion == module?.descriptor.version,
            // Both blobs read back and hash to their names: a damaged copy is fetched again, which
            // is how `reader fetch` repairs it (a flipped bit leaves the file in place).
            store.blobs.isIntact(existing.document), store.blobs.isIntact(existing.raw)
        {
            trace("\(location.key): cache hit (stored, and it never changes)")
            return FetchResult(
                key: location.key, status: .alreadyStored, title: existing.title ?? "", bytesFetched: 0, bytesStored: 0,
                entries: 0, entriesNew: 0, entriesUpdated: 0)
        }
        if offline {
            guard let existing else { throw ReaderError.notStored(key: location.key, command: request.fetchCommand) }
            return FetchResult(
                key: location.key, status: .alreadyStored, title: existing.title ?? "", bytesFetched: 0, bytesStored: 0,
                entries: 0, entriesNew: 0, entriesUpdated: 0)
        }
        if let why = location.unavailable { throw ReaderError.usage(why) }
        // Validators only for an intact stored copy: a damaged one must be fetched whole to repair it.
        let intact = existing.flatMap { entry in (try? store.raw(of: entry)) != nil ? entry : nil }
        let validators = intact.map { Validators(etag: $0.etag, lastModified: $0.lastModified, source: $0.url) }
        trace(
            "\(location.key): \(existing == nil ? "cache miss" : "stored copy to revalidate")\(validators?.etag.map { _ in ", with its ETag" } ?? "")"
        )
        // The body goes to the store as it arrives; it becomes a blob only when committed.
        let incoming = try store.incoming()
        defer { incoming.discard() }
        for url in location.urls {
            try Task.checkCancellation()
            trace("\(location.key): GET \(url)")
            let started = ContinuousClock.now
            let outcome = try await fetcher.fetch(
                url, headers: location.headers, validators: validators, into: incoming, progress: progress,
                waiting: waiting)
            let took = Self.milliseconds(since: started)
            switch outcome {
            case .notFound:
                trace("\(location.key): not found (404) in \(took)")
                continue
            case .notModified:
                trace("\(location.key): HTTP 304 not modified in \(took)")
                // A URL's module was a guess made before the answer (the catch-all): the stored
                // copy says which module read it (a feed is no page).
                let stored = intact.flatMap { entry in registry.module(for: entry.requestType) }
                guard let intact, let module = Self.isURL(request) ? stored ?? module : module ?? stored else {
                    throw ReaderError.network(url: url, reason: "HTTP 304 for a copy not stored")
                }
                return try await revalidated(intact, module: module, key: location.key)
            case .fetched(let body):
                trace(
                    "\(location.key): \(body.status.map { "HTTP \($0), " } ?? "")\(body.url == url ? "" : "from \(body.url), ")\(body.count) bytes (\(body.mediaType ?? "no media type")) in \(took)"
                )
                return try await keep(body, raw: incoming, module: module, location: location, previous: intact, stored: existing)
            }
        }
        throw Self.notFound(location.urls, key: location.key, absence: absence(location.key))
    }

    /// The words that start the reason of a file a `file://` mirror does not hold
    /// (``ReaderError/isNotInMirror``).
    static let notInMirror = "no such file in the mirror"

    /// Nothing at any of `urls`: for a mirror, every file looked for is named (`rfc/rfc2.txt`
    /// is tried before the flat `rfc2.txt`), under the folder they share.
    static func notFound(_ urls: [String], key: String, absence: String?) -> ReaderError {
        let last = urls.last ?? key
        guard last.hasPrefix("file://") else {
            return .network(url: last, reason: absence.map { "HTTP 404 Not Found; \($0)" } ?? "HTTP 404 Not Found")
        }
        var folder = String(last[...(last.lastIndex(of: "/") ?? last.startIndex)])
        while !urls.allSatisfy({ $0.hasPrefix(folder) }), folder.count > "file://".count {
            folder = String(folder.dropLast())
            folder = String(folder[...(folder.lastIndex(of: "/") ?? folder.startIndex)])
        }
        let names = urls.map { String($0.dropFirst(folder.count)) }
        let tried = names.count == 1 ? names[0] : "neither " + names.dropLast().joined(separator: ", ") + " nor " + (names.last ?? "")
        let reason = "\(notInMirror): \(tried)"
        return .network(url: folder, reason: absence.map { "\(reason); \($0)" } ?? reason)
    }

    private func resolve() throws -> ((any ParserModule)?, Location) {
        switch request {
        case .source(let type, let argument):
            return try registry.locate(type, argument, settings: settings)
        case .url(let url):
            if let problem = CatalogKey.problem(url) {
                throw ReaderError.usage("'\(CatalogKey.printable(url))' cannot be a catalog key: \(problem)")
            }
            // No pattern matching is fine: the media type and the bytes choose after the fetch.
            return (registry.module(forURL: url), Location(key: url, urls: [url]))
        case .file(let path):
            throw ReaderError.usage("\(path) is a local file: open it with 'reader open \(path)'")
        }
    }

    /// A 304: the blobs stay; the fetch time moves; an outdated document is parsed anew.
    private func revalidated(_ entry: CatalogEntry, module: any ParserModule, key: String) async throws -> FetchResult {
        let now = Date().ISO8601Format()
        if entry.moduleVersion != module.descriptor.version {
            let raw = try store.incoming()
            defer { raw.discard() }
            try raw.write(try store.raw(of: entry))
            let body = FetchedBody(
                count: raw.count, url: entry.url ?? key, mediaType: entry.mediaType, charset: entry.charset, etag: entry.etag,
                lastModified: entry.lastModified)
            var result = try await keep(
                body, raw: raw, module: module, location: Location(key: key, urls: []), previous: entry, stored: entry)
            result.status = .notModified
            result.bytesFetched = 0
            return result
        }
        try store.touch(key: key, fetchedAt: now)
        return FetchResult(
            key: key, status: .notModified, title: entry.title ?? "", bytesFetched: 0, bytesStored: 0, entries: 0,
            entriesNew: 0, entriesUpdated: 0)
    }

    /// Parses what was fetched (`raw`, written to the store as it came) and commits it. The
    /// body is read into memory only here, within the process's memory budget.
    /// `previous`: the stored copy when intact; `stored`: the entry stored, intact or not,
    /// which the new entry keeps as its earlier version.
    private func keep(
        _ body: FetchedBody, raw: IncomingBlob, module chosen: (any ParserModule)?, location: Location,
        previous: CatalogEntry?, stored: CatalogEntry?
    ) async throws -> FetchResult {
        guard let module = reroute(chosen, body: body, prefix: raw.prefix) else {
            throw ReaderError.parse(
                ParseError(
                    module: "reader", location: body.url,
                    reason: "no source reads \(body.mediaType ?? "this content"); 'reader sources' lists them"))
        }
        // The request's own type when the module serves it (a module may serve several: a list
        // and the documents it lists), else the module's first (a URL, a file).
        let requestType: String =
            if case .source(let type, _) = request, module.descriptor.requestTypes.contains(type) {
                type
            } else {
                module.descriptor.requestTypes.first ?? "unknown"
            }
        try raw.finish()
        // The share is held from the parse to the commit: the document is in memory until stored
        // (or staged, for a batch to finish: the document is let go then).
        let (result, pending) = try await memory.withShare(forParsing: raw.count, of: body.url) {
            () async throws -> (FetchResult, PendingCommit?) in
            var started = ContinuousClock.now
            let input = { (bytes: [UInt8]) in
                ParseInput(
                    bytes: bytes, requestType: requestType, key: location.key, url: body.url, mediaType: body.mediaType,
                    charset: body.charset)
            }
            let parsed: Document
            if raw.count >= IncomingBlob.deflatedAheadAtLeast {
                // A large body (the RFC index: 2 MB) is deflated on the other core while it is
                // parsed, rather than after: its commit then deflates only the document.
                let bytes = try raw.bytes()
                async let deflated = BlockingWork.run { IncomingBlob.deflateAhead(bytes) }
                parsed = try await parsers.parse(module) { input(bytes) }
                raw.keep(deflated: try await deflated)
            } else {
                parsed = try await parsers.parse(module) { input(try raw.bytes()) }
            }
            trace(
                "\(location.key): parsed by \(module.descriptor.name) \(module.descriptor.version) in \(Self.milliseconds(since: started))")
            try Task.checkCancellation()
            // The pictures it names, fetched and checked before anything is stored.
            let keeping = PictureKeeping(fetcher: fetcher, store: store, budget: pictures, trace: tracer)
            let kept = try await keeping.keep(parsed)
            let document = kept.document
            try Task.checkCancellation()
            started = ContinuousClock.now
            let store = store
            // A listing keeps no versions: it changes with every document it lists (the RFC
            // index, daily, at megabytes a copy), and those documents keep their own.
            let keepVersions = !module.descriptor.listings.contains { $0.requestType == requestType }
            let batched = batches != nil
            // Off the cooperative pool: the commit waits on the disk (BlockingWork).
            let (pending, entry, written) = try await BlockingWork.run { () throws -> (PendingCommit?, CatalogEntry, Int) in
                let staged = try store.stage(
                    key: location.key, raw: raw, document: document, pictures: kept.blobs, keepVersions: keepVersions,
                    indexLater: batched, replacing: .read(stored)
                ) { rawID, documentID in
                    CatalogEntry(
                        requestType: requestType, url: body.url.hasPrefix("file://") ? nil : body.url, raw: rawID, document: documentID,
                        mediaType: body.mediaType, charset: body.charset, fetchedAt: Date().ISO8601Format(),
                        etag: store.secrets.validator(body.etag), lastModified: store.secrets.validator(body.lastModified),
                        module: module.descriptor.name, moduleVersion: module.descriptor.version, size: body.count, title: document.title)
                }
                if batched { return (staged, staged.entry, staged.written) }
                try store.finish(staged)
                return (nil, staged.entry, staged.written)
            }
            trace("\(location.key): \(pending == nil ? "stored" : "staged") \(written) bytes in \(Self.milliseconds(since: started))")
            let (new, updated) = changedEntries(document, stored: entry.document, previous: previous)
            let result = FetchResult(
                key: location.key, status: .fetched, title: entry.title ?? "", bytesFetched: body.count + kept.bytes,
                bytesStored: written, entries: document.entries.count, entriesNew: new, entriesUpdated: updated,
                followed: newTargets(document, module: module, stored: entry.document, previous: previous),
                pictures: kept.blobs.count, pictureRefusals: kept.refusals)
            return (result, pending)
        }
        guard let pending, let batches else { return result }
        // The document and its share are let go; the job's place goes to the next request once
        // its commit has a place among those waiting for their batch.
        let started = ContinuousClock.now
        try await batches.finish(pending, handedOver: staged)
        trace("\(location.key): stored, with its batch, in \(Self.milliseconds(since: started))")
        return result
    }

    /// A URL matched only by a catch-all pattern may hold another kind of document: the
    /// media type and the bytes decide.
    private func reroute(_ module: (any ParserModule)?, body: FetchedBody, prefix: [UInt8]) -> (any ParserModule)? {
        guard case .url = request else { return module }
        let sample = Sample(
            prefix: prefix[...], fileName: URL(string: body.url)?.lastPathComponent, mediaType: body.mediaType)
        if let module, module.recognize(sample) >= 50 { return module }
        return registry.module(recognizing: sample) ?? module
    }

    /// The targets of the relations the module follows, less those its previous version had
    /// (decoded only for a module that follows any: a feed), in the document's order.
    private func newTargets(_ document: Document, module: any ParserModule, stored: BlobID, previous: CatalogEntry?) -> [String] {
        let kinds = Set(module.descriptor.follows)
        guard !kinds.isEmpty, previous?.document != stored else { return [] }
        var seen = Set<String>()
        if let previous, let old = try? store.document(of: previous) {
            for relation in old.relations where relation.subject == nil && kinds.contains(relation.type) { seen.insert(relation.target) }
        }
        return document.relations.compactMap { relation in
            guard relation.subject == nil, kinds.contains(relation.type), seen.insert(relation.target).inserted else { return nil }
            return relation.target
        }
    }

    private static func isURL(_ request: Request) -> Bool {
        if case .url = request { return true }
        return false
    }

    /// How many entries of an index-like document are new or changed since the stored copy:
    /// each looked up in the stored copy's entry table, so that the old document (a million
    /// entries, perhaps) is not decoded beside the new one; without a table, it is.
    private func changedEntries(_ document: Document, stored: BlobID, previous: CatalogEntry?) -> (new: Int, updated: Int) {
        guard !document.entries.isEmpty else { return (0, 0) }
        guard let previous else { return (document.entries.count, 0) }
        if previous.document == stored { return (0, 0) }
        if let table = store.entryTables.mapped(previous.document) {
            var new = 0
            var updated = 0
            for entry in document.entries {
                switch table.json(of: entry.id) {
                case .absent: new += 1
                case .json(let json):
                    // Equal bytes are equal entries; bytes an older writer wrote may differ in form only.
                    if json != DocumentCodec.encode(entry), (try? DocumentCodec.decodeEntry(json)) != entry { updated += 1 }
                case .unusable: return changedEntries(document, decoding: previous)
                }
            }
            return (new, updated)
        }
        return changedEntries(document, decoding: previous)
    }

    private func changedEntries(_ document: Document, decoding previous: CatalogEntry) -> (new: Int, updated: Int) {
        guard let old = try? store.document(of: previous) else { return (document.entries.count, 0) }
        let before = Dictionary(old.entries.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var new = 0
        var updated = 0
        for entry in document.entries {
            if let was = before[entry.id] {
                if was != entry { updated += 1 }
            } else {
                new += 1
            }
        }
        return (new, updated)
    }

    private func trace(_ line: @autoclosure () -> String) {
        tracer?(line())
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return ms < 10 ? String(format: "%.2f ms", ms) : String(format: "%.0f ms", ms)
    }
}

extension ReaderError {
    /// A file a `file://` mirror does not hold: not a failure of the mirror, but a mirror
    /// that is partial (`reader fetch rfc all` counts these apart, and remembers them).
    public var isNotInMirror: Bool {
        guard case .network(let url, let reason) = self else { return false }
        return url.hasPrefix("file://") && reason.hasPrefix(FetchJob.notInMirror)
    }
}

/// A download goes straight into the store: the fetcher writes each piece of the body to the
/// blob being made (declared here, where the two layers meet, so neither imports the other).
extension IncomingBlob: BodySink {}
