import ArgumentParser
import Foundation
import NetworkAccess
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI

/// The options of the commands that fetch (`fetch`, `open`).
struct GlobalOptions: ParsableArguments {
    @Option(name: CommonOptions.cacheDir.parserName, help: CommonOptions.cacheDir.parserHelp)
    var cacheDir: String?

    @Flag(name: CommonOptions.offline.parserName, help: CommonOptions.offline.parserHelp)
    var offline = CommonOptions.offline.defaultValue

    @Option(name: CommonOptions.jobs.parserName, help: CommonOptions.jobs.parserHelp)
    var jobs: Int = CommonOptions.jobs.defaultValue

    @Option(name: CommonOptions.timeout.parserName, help: CommonOptions.timeout.parserHelp)
    var timeout: Double?

    @Flag(name: CommonOptions.verbose.parserName, help: CommonOptions.verbose.parserHelp)
    var verbose = CommonOptions.verbose.defaultValue

    @Option(
        name: .long,
        help: "A PEM file of the certificate authorities to trust for https (instead of $SSL_CERT_FILE, $SSL_CERT_DIR or the system's).")
    var cacert: String?

    @Option(name: CommonOptions.remote.parserName, help: CommonOptions.remote.parserHelp)
    var remote: String?

    @Flag(
        name: .customLong("no-pictures"),
        help: "Fetch no pictures with a page: they stay links (READER_PICTURE_MB and friends bound the others).")
    var noPictures = false

    func validate() throws {
        try Self.validate(jobs: jobs, timeout: timeout)
    }

    /// The numbers every command that makes a reader takes from outside: its options' and the
    /// environment's (``OutsideNumber``).
    static func validate(jobs: Int, timeout: Double?) throws {
        _ = try OutsideNumber.check(jobs, "--jobs", in: 1...256)
        if let timeout { _ = try OutsideNumber.check(timeout, "--timeout", in: 0.001...3600, unit: "seconds") }
        _ = try EnvironmentNumbers(Console.current.environment)
    }

    /// The engine, configured from these options and the environment.
    func makeReader(remote: Remote? = nil) -> Reader {
        Self.makeReader(
            cacheDir: cacheDir, offline: offline, jobs: jobs, timeout: timeout, verbose: verbose, remote: remote, cacert: cacert,
            pictures: !noPictures)
    }

    /// Runs `body` with a reader that takes what it lacks from the remote first (unless
    /// offline), the remote's connections shut down after, however `body` ends: `open` and
    /// `diff`, which fetch what is absent.
    func withReader(_ body: (Reader) async throws -> Void) async throws {
        let remote = offline ? nil : try makeRemote()
        do {
            try await body(makeReader(remote: remote))
        } catch {
            await remote?.shutdown()
            throw error
        }
        await remote?.shutdown()
    }

    /// The remote of `--remote`, else of `READER_REMOTE`; nil when neither names one. Its HTTP
    /// client must be shut down when the command is done (``Remote/shutdown()``).
    func makeRemote() throws -> Remote? {
        try Self.makeRemote(remote, timeout: timeout, cacert: cacert, verbose: verbose)
    }

    /// The remote `option` names; none, or a bare `--remote`: `READER_REMOTE`'s. Reached
    /// through the proxy the environment names for its endpoint (said with `verbose`).
    static func makeRemote(_ option: String?, timeout: Double?, cacert: String? = nil, verbose: Bool = false) throws -> Remote? {
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty || $0 == CommandLineWords.configuredRemote ? nil : $0 } }
        let environment = Console.current.environment
        guard let text = nonEmpty(option) ?? nonEmpty(environment["READER_REMOTE"]) else { return nil }
        let remote = try Remote(
            // `--timeout` is also how long a response may send nothing (60 s at least, as the
            // whole request is given 120 s at least): a loaded object store may need longer.
            text, environment: environment, timeout: max(120, timeout ?? 0), betweenBytes: max(60, timeout ?? 60),
            network: NetworkSetup(environment: environment, caFile: cacert),
            slowingDown: { SlowDownBoard.shared.wait($0) })
        Terminal.heldSecrets.withLock { $0 += remote.secrets.filter { $0.count >= 8 } }
        if verbose { Terminal.error("\(remote.url): \(RouteWords.describe(remote.route))") }
        return remote
    }

    static func makeReader(
        cacheDir: String?, offline: Bool, jobs: Int = CommonOptions.jobs.defaultValue, timeout: Double? = nil, verbose: Bool = false,
        remote: Remote? = nil,
        cacert: String? = nil, pictures: Bool = true
    ) -> Reader {
        let environment = Console.current.environment
        let root = Configuration.storeRoot(cacheDir: cacheDir, environment: environment)
        let settings = Settings(environment.filter { $0.key.hasPrefix("READER_") })
        var limits = Fetcher.Limits()
        // --timeout sets both waits; without it, 30 s for bytes and 10 s to connect.
        if let timeout {
            limits.readTimeout = timeout
            limits.connectTimeout = timeout
        }
        if verbose { Terminal.error("store \(root)\(offline ? ", offline" : "")") }
        // Looked at only when no built-in module serves a request; a refused library is one line.
        let say: @Sendable (String) -> Void = { Terminal.error($0) }
        let trace = verbose ? say : nil
        let plugins = PluginShelf(environment: environment, report: say, trace: trace)
        var configuration = Configuration(storeRoot: root, settings: settings, offline: offline, jobs: jobs, limits: limits)
        configuration.trace = trace
        configuration.remote = remote
        configuration.network = NetworkSetup(environment: environment, caFile: cacert)
        // Checked when the options were (`validate`): a value out of range was refused there.
        let numbers = (try? EnvironmentNumbers(environment)) ?? EnvironmentNumbers()
        if let seconds = numbers.parseTimeout { configuration.parseTimeLimit = seconds }
        if let mebibytes = numbers.memoryBudget { configuration.memoryBudget = mebibytes << 20 }
        configuration.pictures.enabled = pictures
        if let mebibytes = numbers.pictureSize { configuration.pictures.bytesPerPicture = mebibytes << 20 }
        if let mebibytes = numbers.pagePictureSize { configuration.pictures.bytesPerDocument = mebibytes << 20 }
        if let count = numbers.pagePictures { configuration.pictures.picturesPerDocument = count }
        return Reader(configuration: configuration, modules: builtinModules, plugins: plugins)
    }
}

/// The options of the commands that only read or tend the store (`list`, `search`, `cache`,
/// `refs`, `sources`): the store and `--verbose`. The network options are accepted too, so
/// that `reader --offline list` works as `reader --offline open 793` does, but they do
/// nothing here and stay out of the help.
struct StoreOptions: ParsableArguments {
    @Option(name: CommonOptions.cacheDir.parserName, help: CommonOptions.cacheDir.parserHelp)
    var cacheDir: String?

    @Flag(name: CommonOptions.verbose.parserName, help: CommonOptions.verbose.parserHelp)
    var verbose = CommonOptions.verbose.defaultValue

    @Flag(name: CommonOptions.offline.parserName, help: .hidden) var offline = CommonOptions.offline.defaultValue
    @Option(name: CommonOptions.jobs.parserName, help: .hidden) var jobs: Int = CommonOptions.jobs.defaultValue
    @Option(name: CommonOptions.timeout.parserName, help: .hidden) var timeout: Double?
    /// Used by `cache verify --remote` only, as `--remote`.
    @Option(name: .long, help: .hidden) var cacert: String?
    /// Used by `cache verify --remote` only (its help says so).
    @Option(name: CommonOptions.remote.parserName, help: .hidden) var remote: String?

    func validate() throws {
        try GlobalOptions.validate(jobs: jobs, timeout: timeout)
    }

    func makeReader() -> Reader {
        GlobalOptions.makeReader(cacheDir: cacheDir, offline: true, jobs: jobs, timeout: timeout, verbose: verbose)
    }
}

/// The numbers `reader` reads from its environment, each within what it can work with.
struct EnvironmentNumbers {
    /// `READER_PARSE_TIMEOUT`: seconds one parse may take (a day at most: `inf` or `1e18` would
    /// trap when made a duration).
    var parseTimeout: Double?
    /// `READER_MEMORY_BUDGET`: MiB the parses may hold (1 TiB at most: more wraps in bytes).
    var memoryBudget: Int?
    /// `READER_PICTURE_MB`: MiB one picture may have (``PictureBudget``).
    var pictureSize: Int?
    /// `READER_PAGE_PICTURES_MB`: MiB the pictures of one page may have together.
    var pagePictureSize: Int?
    /// `READER_PAGE_PICTURES`: the most pictures of one page kept (0: none).
    var pagePictures: Int?

    init() {}

    init(_ environment: [String: String]) throws {
        if let text = environment["READER_PARSE_TIMEOUT"], !text.isEmpty {
            parseTimeout = try OutsideNumber.real(text, "READER_PARSE_TIMEOUT", in: 0.001...86_400, unit: "seconds")
        }
        if let text = environment["READER_MEMORY_BUDGET"], !text.isEmpty {
            memoryBudget = try OutsideNumber.whole(text, "READER_MEMORY_BUDGET", in: 1...(1 << 20), unit: "MiB")
        }
        if let text = environment["READER_PICTURE_MB"], !text.isEmpty {
            pictureSize = try OutsideNumber.whole(text, "READER_PICTURE_MB", in: 1...1024, unit: "MiB")
        }
        if let text = environment["READER_PAGE_PICTURES_MB"], !text.isEmpty {
            pagePictureSize = try OutsideNumber.whole(text, "READER_PAGE_PICTURES_MB", in: 1...(1 << 14), unit: "MiB")
        }
        if let text = environment["READER_PAGE_PICTURES"], !text.isEmpty {
            pagePictures = try OutsideNumber.whole(text, "READER_PAGE_PICTURES", in: 0...100_000, unit: "pictures")
        }
    }
}
