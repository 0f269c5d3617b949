/// How `reader serve` was asked to run: where it listens and whether it may fetch.
public struct SiteSettings: Sendable {
    /// The address to bind: `127.0.0.1` unless the user names another (and is warned).
    public var host: String
    /// 0 asks the system for a free port (tests); the port bound is told through `onListening`.
    public var port: Int
    /// No page offers to fetch, and `POST /fetch` is refused: the site shows only the store.
    public var offline: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, offline: Bool = false) {
        self.host = host
        self.port = port
        self.offline = offline
    }

    /// Whether the address is one only this machine can reach (no warning needed).
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }
}
