/// How `reader serve` was asked to run: where it listens and whether it may fetch.
public struct SiteSettings: Sendable {
    /// The address to bind: `127.0.0.1` unless the user names another (and is warned).
    public var host: String
    /// 0 asks the system for a free port (tests); the port bound is told through `onListening`.
    public var port: Int
    /// No page offers to fetch, and `POST /fetch` is refused: the site shows only the store.
    public var offline: Bool
    /// How long a connection may send nothing — before its first request or after an answer —
    /// before it is closed (`READER_SERVE_IDLE_TIMEOUT`, seconds; default 60).
    public var idleTimeout: Duration
    /// How long a request's header may take to arrive whole, from its first byte: half a header,
    /// or one sent a byte at a time, is closed after this (`READER_SERVE_HEADER_TIMEOUT`,
    /// seconds; default 10).
    public var headerTimeout: Duration

    /// The range either timeout may be set to, in seconds.
    public static let timeoutRange: ClosedRange<Double> = 0.1...3600

    public init(
        host: String = "127.0.0.1", port: Int = 8080, offline: Bool = false, idleTimeout: Duration = .seconds(60),
        headerTimeout: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.offline = offline
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
    }

    /// Whether the address is one only this machine can reach (no warning needed).
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }
}
