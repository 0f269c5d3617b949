import Foundation
import ReaderCatalog
import ReaderFetch
import ReaderPluginAPI
import ReaderRegistry
import ReaderStore
import ReaderSupport
import ReaderWorkers
import Synchronization

/// The engine, as a library: what the `reader` command does, for any Swift program.
///
/// ```swift
/// let reader = Reader(configuration: Configuration(storeRoot: path), modules: builtinModules)
/// let operation = reader.fetch(try reader.fetchRequests(["rfc", "793"]))
/// for await event in operation.events { print(event) }
/// let document = try await reader.open(.source(type: "rfc", argument: "793"))
/// ```
public final class Reader: Sendable {
    public let configuration: Configuration
    public let registry: Registry
    public let store: Store
    let parsers: ParserPool
    /// What the parses of this process may hold in memory at once.
    let memory: MemoryBudget
    /// Indexes decoded in this process, by blob: `list` then `search` decode the index once.
    let decoded = Mutex<[BlobID: Document]>([:])
    /// The annotations of stored annotating documents (errata) by target key, by document
    /// blob: the site and a batch of opens decode the errata once.
    let annotationsByTarget = Mutex<[BlobID: [String: [Annotation]]]>([:])
    /// The stored index's entries ready for `search`, for the index blob they were cut from.
    let searchable = Mutex<(blob: BlobID, index: IndexSearch.SearchableIndex)?>(nil)

    /// A reader of the parser `modules` (`ReaderBuiltins`' `builtinModules`, say), then those
    /// of the plugin path when `plugins` names one.
    public convenience init(configuration: Configuration, modules: [any ParserModule], plugins: PluginShelf? = nil) {
        self.init(configuration: configuration, registry: Registry(modules: modules, plugins: plugins))
    }

    public init(configuration: Configuration, registry: Registry) {
        self.configuration = configuration
        self.registry = registry
        store = Store(root: configuration.storeRoot, secrets: SecretFilter(configuration.secrets))
        parsers = ParserPool(size: configuration.parsers, timeLimit: configuration.parseTimeLimit)
        // Two documents per parser: one parsed while the one before is stored; and one per job
        // while they are small (their shares within 2 MiB): commits in flight together share
        // their flushes and their index transaction. At two per parser a mirror's commits, two
        // or three at a time, each paid for their own (1,067 RFCs on a journaled ext4, commits
        // on threads of their own: 3.0 s; at one a job, 2.5 s).
        memory = MemoryBudget(
            total: configuration.memoryBudget, holders: 2 * configuration.parsers, lightHolders: configuration.jobs,
            lightBytes: 2 << 20)
    }

    /// Starts fetching `requests`, at most `configuration.jobs` at once. Follow it through
    /// `events`; cancel one request with `cancel(key:)` or all with `cancel()`.
    ///
    /// `keepingOutcomes: false`: `results()` waits and returns none, for a caller that takes
    /// each request's outcome from its event (`finished`, `failed`, `cancelled`: every request
    /// has one before the stream ends). Kept, the outcomes of a mirror of 20,000 RFCs held
    /// 8 MB until its end.
    public func fetch(_ requests: [Request], keepingOutcomes: Bool = true) -> FetchOperation {
        FetchOperation(reader: self, requests: requests, keepingOutcomes: keepingOutcomes)
    }

    /// Fetches one request and waits for it.
    @discardableResult
    public func fetch(_ request: Request) async throws -> FetchResult {
        let fetcher = Fetcher(
            limits: configuration.limits, network: configuration.network, trace: configuration.trace, mirrors: configuration.mirrorFolders)
        defer {
            Task { await fetcher.shutdown() }
            try? store.compactCatalog()
        }
        return try await FetchJob(request, fetcher: fetcher, reader: self).run(progress: { _, _ in })
    }

    /// The stored document of `entry`; an index (a document of entries, which `list`, `search`
    /// and `refs` read again and again) decoded once per process. Other documents are not kept:
    /// a long-running process (`reader serve`) opens thousands.
    func document(of entry: CatalogEntry) throws -> Document {
        if let document = decoded.withLock({ $0[entry.document] }) { return document }
        let document = try store.document(of: entry)
        if !document.entries.isEmpty { decoded.withLock { $0[entry.document] = document } }
        return document
    }

    /// The parser modules, as `reader sources` lists them.
    public var sources: [Registry.Registration] { registry.registrations }

    /// Resolves a source request to its module and location.
    func locate(_ type: String, _ argument: String) throws -> (any ParserModule, Location) {
        try registry.locate(type, argument, settings: configuration.settings)
    }

    /// The catalog key of a request.
    public func key(of request: Request) throws -> String {
        switch request {
        case .source(let type, let argument): try locate(type, argument).1.key
        case .url(let url): url
        case .file(let path): path
        }
    }
}
