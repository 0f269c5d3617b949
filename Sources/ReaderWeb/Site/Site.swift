import Hummingbird
import Logging
import ReaderKit
import ServiceLifecycle
import Synchronization

/// `reader serve`: the store as a website, on Hummingbird. Every page is made from the store
/// through ReaderKit's API — the same calls the command line makes — and answers as HTML or,
/// to `Accept: application/json` and under `/api/`, as the JSON of the matching command.
///
/// ```swift
/// let site = Site(reader: reader, settings: SiteSettings(port: 8080))
/// try await site.run { port in print("http://127.0.0.1:\(port)/") }
/// ```
public final class Site: Sendable {
    let reader: Reader
    let settings: SiteSettings
    /// The secret a fetch form sends back (see ``ActionToken``).
    let token = ActionToken()
    let cache = PageCache()
    /// The catalog's stamp and whether anything is annotated, read at most once a millisecond.
    let glance = StoreGlance()
    /// The page last noted as read (Pages/ReadNote.swift).
    let lastRead = LastRead()
    /// What the modules' identifiers say about keys: labels, addresses, fetch fields.
    let names: KeyNames
    private let snapshot = Mutex<StoreSnapshot?>(nil)
    /// The port bound: the one asked for, or the system's choice for port 0.
    private let boundPort: Mutex<Int>

    public init(reader: Reader, settings: SiteSettings) {
        self.reader = reader
        self.settings = settings
        names = KeyNames(reader.identifierTemplates, relationKinds: reader.relationKinds, listings: reader.listings.map(\.listing))
        boundPort = Mutex(settings.port)
    }

    /// The application: its router and server, ready to run or to test
    /// (`HummingbirdTesting`'s `.router` in process, `.live` on a port).
    public func application(onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            server: GuardedHTTP1Channel.builder(idleTimeout: settings.idleTimeout, headerTimeout: settings.headerTimeout),
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: nil),
            onServerRunning: { [self] channel in
                let port = channel.localAddress?.port ?? settings.port
                boundPort.withLock { $0 = port }
                onListening(port)
            },
            logger: Self.quietLogger)
    }

    /// Serves until the task is cancelled (Ctrl-C in `reader serve`): then the server stops
    /// taking connections, finishes the answers under way and returns — graceful shutdown, as
    /// swift-service-lifecycle runs it.
    public func run(onListening: @escaping @Sendable (Int) -> Void) async throws {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application(onListening: onListening)], logger: Self.quietLogger))
        try await withTaskCancellationHandler {
            try await group.run()
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }

    var port: Int { boundPort.withLock { $0 } }

    /// The store as the catalog is now: the one made for this stamp, or a new one.
    func currentSnapshot() throws -> StoreSnapshot {
        let stamp = reader.catalogStamp
        if let kept = snapshot.withLock({ $0 }), kept.stamp == stamp { return kept }
        let made = try StoreSnapshot(reader: reader)
        snapshot.withLock { $0 = made }
        return made
    }

    /// The server says nothing on its own: `reader serve` prints its one line, and errors
    /// reach the user as answers, not as log lines on the terminal.
    static let quietLogger = Logger(label: "reader.serve") { _ in SwiftLogNoOpLogHandler() }
}
