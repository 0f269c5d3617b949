import Foundation
import NetworkAccess
import ReaderFetch
import ReaderPluginAPI
import ReaderRemote
import ReaderSupport

/// Where the store is and how `reader` behaves: what the command line and the environment say.
public struct Configuration: Sendable {
    /// The store root.
    public var storeRoot: String
    /// Settings modules may read (`READER_RFC_EDITOR_URL`, `READER_X_API_URL`, …).
    public var settings: Settings
    /// Never open a network connection; what is not stored is an error.
    public var offline: Bool
    /// Parallel fetches.
    public var jobs: Int
    /// Parallel parsers: by default one per core this process may use (``Cores``).
    public var parsers: Int
    public var limits: Fetcher.Limits
    /// Seconds one parse may take before it is abandoned (`READER_PARSE_TIMEOUT`, default 60).
    public var parseTimeLimit: Double = 60
    /// Bytes the parses of one process may hold at once (`READER_MEMORY_BUDGET`, in MiB;
    /// default 512): see ``MemoryBudget``.
    public var memoryBudget: Int = 512 << 20
    /// Told each step of a request, as `curl -v` would (`--verbose`): the URL, the HTTP
    /// status, a cache hit or miss, the module, and the time each took. Nil: silent.
    public var trace: (@Sendable (String) -> Void)?
    /// A store shared through object storage (`--remote`, `READER_REMOTE`): `open` looks
    /// there for what is not stored before it fetches, unless offline.
    public var remote: Remote?
    /// The proxies and certificate authorities of the environment (and `--cacert`).
    public var network: NetworkSetup = .plain
    /// Which pictures of a fetched document are fetched and kept beside it (``PictureBudget``).
    public var pictures = PictureBudget()

    public init(
        storeRoot: String, settings: Settings = Settings([:]), offline: Bool = false, jobs: Int = 8,
        parsers: Int? = nil, limits: Fetcher.Limits = Fetcher.Limits()
    ) {
        self.storeRoot = storeRoot
        self.settings = settings
        self.offline = offline
        self.jobs = max(1, jobs)
        self.parsers = max(1, parsers ?? Cores.available)
        self.limits = limits
    }

    /// The secrets this process holds (the values of settings named `…TOKEN`, `…SECRET`,
    /// `…PASSWORD`, `…KEY`, at least 8 characters long): none is ever stored, and a response
    /// that carries one back is not kept (`SecretFilter`).
    public var secrets: [String] { Self.secrets(in: settings.values) }

    /// The secrets among `values` (names to values), by the rule of ``secrets``: one rule for
    /// what the store refuses and what the command line redacts.
    public static func secrets(in values: [String: String]) -> [String] {
        values.compactMap { key, value in
            ["TOKEN", "SECRET", "PASSWORD", "KEY"].contains(where: key.uppercased().contains) && value.count >= 8 ? value : nil
        }
    }

    /// The folders of the local mirrors modules fetch from: the paths of the settings named
    /// `…_URL` whose value is a `file://` URL (`READER_RFC_EDITOR_URL=file:///srv/rfc`). A file
    /// read under one must be a regular file inside it (``FileFetch``).
    public var mirrorFolders: [String] {
        settings.values.compactMap { name, value in
            guard name.hasSuffix("_URL"), value.lowercased().hasPrefix("file://"), let path = URL(string: value)?.path, path.count > 1
            else { return nil }
            return path.hasSuffix("/") ? String(path.dropLast()) : path
        }
    }

    /// The store root as the contract chooses it: `--cache-dir`, else `READER_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/reader`, else `~/.cache/reader`.
    public static func storeRoot(cacheDir: String?, environment: [String: String]) -> String {
        func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        if let cacheDir = nonEmpty(cacheDir) { return cacheDir }
        if let dir = nonEmpty(environment["READER_CACHE_DIR"]) { return dir }
        if let xdg = nonEmpty(environment["XDG_CACHE_HOME"]) { return xdg + "/reader" }
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        return home + "/.cache/reader"
    }
}
