import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderRemote
import ReaderRendering
import ReaderStore
import ReaderSupport

extension Reader {
    /// Opens a request: from the store, fetching it first when absent (unless offline); a
    /// local file is read and parsed directly.
    public func open(_ request: Request) async throws -> OpenedDocument {
        let request = try await resolvedForOpen(request)
        let document: Document
        if case .file(let path) = request {
            document = try await parseFile(path)
        } else {
            let key = try key(of: request)
            // The catalog is read once when the document is stored: this is the hot path of `open`.
            var entry = try store.entry(key)
            if entry == nil && !configuration.offline, let remote = configuration.remote {
                entry = try await pull(key, from: remote)
            }
            if entry == nil && !configuration.offline {
                try await fetch(request)
                entry = try store.entry(key)
            }
            guard let entry else { throw ReaderError.notStored(key: key, command: request.fetchCommand) }
            let (current, blob) = try await current(entry, key: key)
            var opened = describe(current)
            opened.storedAs = blob
            return opened
        }
        return describe(document, stored: false)
    }

    /// The stored document of a catalog key, with what the store says about it; never fetches
    /// (`reader serve` answers `GET /doc?key=` this way: a GET must not touch the network).
    ///
    /// The store is read on a thread of its own, not the cooperative pool's: a server calls this
    /// for many requests at once, and each waits on the disk.
    public func openStored(key: String) async throws -> OpenedDocument {
        let (entry, stored) = try await BlockingWork.run { () throws -> (CatalogEntry, OpenedDocument?) in
            guard let entry = try self.store.entry(key) else { throw ReaderError.notInStore(key: key) }
            // Made by the module registered now (or by one no longer registered): as stored.
            guard self.registry.module(for: entry.requestType).map({ $0.descriptor.version == entry.moduleVersion }) ?? true else {
                return (entry, nil)
            }
            var opened = self.describe(try self.document(of: entry))
            opened.storedAs = entry.document
            return (entry, opened)
        }
        if let stored { return stored }
        let (current, blob) = try await current(entry, key: key)
        var opened = describe(current)
        opened.storedAs = blob
        return opened
    }

    /// `key` taken from the remote into the store, when the remote has it. A remote that
    /// cannot be reached is said on the trace and left for the network (the origin may answer).
    private func pull(_ key: String, from remote: Remote) async throws -> CatalogEntry? {
        do {
            let pulled = try await remote.pull(into: store, keys: [key], jobs: configuration.jobs)
            configuration.trace?("\(key): \(pulled.entries > 0 ? "taken from" : "not on") \(remote.url)")
        } catch let error as ReaderError where error.exitCode == 4 {
            configuration.trace?("\(remote.url): \(error); fetching from the origin")
        }
        return try store.entry(key)
    }

    /// A request rendered: stored documents from their view when it is current (a cat page),
    /// else opened, rendered, and the view kept for next time. Not yet sanitized.
    public func render(_ request: Request, _ options: RenderOptions) async throws -> String {
        if let text = keptView(request, options) { return text }
        let request = try await resolvedForOpen(request)
        if let text = keptView(request, options) { return text }
        let opened = try await open(request)
        if opened.storedAs != nil, let key = try? key(of: request) { noteOpened(key) }
        let text = try Renderer.render(opened, options)
        // A view whose lists read the catalog would go stale when a target is stored: not kept.
        if let blob = opened.storedAs, !opened.dependsOnCatalog {
            // Derived data: failing to keep it costs the next open time, nothing else.
            var dependencies = (opened.dependency.map { [$0] } ?? []) + opened.annotationDependencies
            for dependency in opened.bannerDependencies where !dependencies.contains(where: { $0.key == dependency.key }) {
                dependencies.append(dependency)
            }
            try? store.views.write(text, blob, variant: options.viewVariant, dependencies: dependencies)
        }
        return text
    }

    /// The kept view of a stored request, when it is current; nil in every other case
    /// (not stored, damaged, made by an older module, rendered with an older index entry).
    /// A view returned is noted as read (``ReadsJournal``).
    public func keptView(_ request: Request, _ options: RenderOptions) -> String? {
        if case .file = request { return nil }
        guard let key = try? key(of: request), let entry = (try? store.entry(key)) ?? nil, isCurrent(entry) else { return nil }
        // A document with notes is rendered with them, as they are now.
        guard !store.annotations.hasRecords(of: key) else { return nil }
        let view = store.views.read(entry.document, variant: options.viewVariant) { dependency in
            ((try? store.entry(dependency.key)) ?? nil)?.document == dependency.document
        }
        // The view is shown (`reader open`): an open, for "Recently read".
        if view != nil { noteOpened(key) }
        return view
    }

    /// Whether the module that made the stored document is the one registered now.
    func isCurrent(_ entry: CatalogEntry) -> Bool {
        registry.module(for: entry.requestType)?.descriptor.version == entry.moduleVersion
    }

    /// Reads and parses a local file; the module is chosen by the content, then the name.
    func parseFile(_ path: String) async throws -> Document {
        let bytes: [UInt8]
        do {
            let read =
                path == "-"
                ? try FileSystem.readStream(STDIN_FILENO, name: "standard input", limit: configuration.limits.maxBodyBytes)
                : try FileSystem.readFollowingLinks(path, limit: configuration.limits.maxBodyBytes)
            guard let read else { throw ReaderError.usage("\(path): no such file") }
            bytes = read
        } catch let error as FileSystem.Failure {
            throw ReaderError.usage(error.description)
        }
        let sample = Sample(prefix: bytes.prefix(Sample.prefixLength), fileName: (path as NSString).lastPathComponent)
        guard let module = registry.module(recognizing: sample) else {
            throw ReaderError.parse(ParseError(module: "reader", location: path, reason: "no source recognises this file"))
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let input = ParseInput(
            bytes: bytes, requestType: module.descriptor.requestTypes.first ?? "", key: path == "-" ? "-" : absolute.path,
            url: path == "-" ? nil : absolute.absoluteString)
        return try await parsers.parse(module, input)
    }

    /// The stored document of `entry`, parsed again from the raw bytes when the module that
    /// made it has changed since.
    func current(_ entry: CatalogEntry, key: String) async throws -> (Document, BlobID?) {
        guard let module = registry.module(for: entry.requestType), module.descriptor.version != entry.moduleVersion
        else { return (try self.document(of: entry), entry.document) }
        let raw = try store.raw(of: entry)
        let input = ParseInput(
            bytes: raw, requestType: entry.requestType, key: key, url: entry.url, mediaType: entry.mediaType,
            charset: entry.charset)
        let document = try await parsers.parse(module, input)
        var updated = entry
        let committed = try? store.commit(key: key, raw: raw, document: document) { rawID, documentID in
            updated.raw = rawID
            updated.document = documentID
            updated.module = module.descriptor.name
            updated.moduleVersion = module.descriptor.version
            // The title too, as a fetch records it: a listing showed the older module's.
            updated.title = document.title
            return updated
        }
        try? store.compactCatalog()
        return (document, committed?.entry.document)
    }

    /// Whether the listing stored under `key` declares that its titles win (``Listing/titlesWin``):
    /// the plugin path's listings asked only for a key no built-in module serves, as
    /// ``describingEntries(_:where:)`` does (an RFC opened never loads a third-party module).
    private func titlesWin(_ key: String) -> Bool {
        let first = registry.firstListings
        let listings =
            registry.builtinModule(for: key) == nil && !first.contains { (try? catalogKey(of: $0)) == key }
            ? first + registry.pluginListings : first
        return listings.contains { $0.titlesWin && (try? catalogKey(of: $0)) == key }
    }

    /// Adds what the describing entry (RFC 793's line in the stored index) says, the banners its
    /// typed relations make (``banners(of:)``), the words that open the document (for a stored
    /// one: a local file is opened by its path) and the lists its text view ends with.
    func describe(_ document: Document, stored: Bool = true) -> OpenedDocument {
        var opened = OpenedDocument(document: document)
        if stored { opened.shorthand = shorthand(ofKey: document.key) }
        var index: CatalogEntry?
        if let reference = document.describedBy {
            opened.dependency = ViewCache.Dependency(key: reference.key, document: nil)
            index = (try? store.entry(reference.key)) ?? nil
        }
        if let index, let reference = document.describedBy {
            opened.dependency?.document = index.document
            if let match = (try? store.indexEntry(reference.id, of: index)) ?? nil {
                // The listing's title wins over the text's (``ShownTitle``) where the listing says
                // its titles win (the RFC index's do: 1 RFC text in 6 has no clean title line).
                if titlesWin(reference.key) {
                    opened.document.title = ShownTitle.choose(opened.document.title, index: match) ?? opened.document.title
                }
                opened.notices = match.notices
                opened.annotations = match.annotations
                // Title-page fields the text does not give (RFC 793's first page names no author)
                // are the index's.
                if opened.document.metadata.authors.isEmpty { opened.document.metadata.authors = match.authors }
                if opened.document.metadata.date == nil { opened.document.metadata.date = match.date }
            }
        }
        // The banners from typed relations, for every source; the describing entry's notices
        // only while the relation index cannot say.
        if stored, let banners = banners(of: document.key) {
            opened.notices = banners.lines
            opened.bannerDependencies = banners.dependencies
        }
        (opened.relationLists, opened.dependsOnCatalog) = relationLists(of: document, index: index)
        if stored { (opened.annotationSets, opened.annotationDependencies) = annotations(on: document) }
        if stored, let notes = try? notes(ofKey: document.key), !notes.isEmpty {
            opened.userNotes = notes
            // Not kept as a view: a note written later would be missing from it.
            opened.dependsOnCatalog = true
        }
        return opened
    }
}
