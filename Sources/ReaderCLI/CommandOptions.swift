import ReaderKit

/// The options of `reader`'s commands, each written once (``OptionSpec``): the argument
/// parser's commands and the fast paths read them from here.
enum CommonOptions {
    static let cacheDir = OptionSpec<String?>(
        value: "cache-dir", default: nil,
        help: "The store folder (default: $READER_CACHE_DIR, $XDG_CACHE_HOME/reader or ~/.cache/reader).")
    static let offline = OptionSpec(flag: "offline", help: "Never open a network connection; what is not stored is an error (exit 3).")
    static let jobs = OptionSpec(value: "jobs", default: 8, help: "Parallel fetches (for push and pull: transfers).")
    static let timeout = OptionSpec<Double?>(
        value: "timeout", default: nil,
        help: "Seconds to wait for a server before giving up (connect, and between bytes); a body must also bring 1 kB in each such span.")
    static let verbose = OptionSpec(flag: "verbose", help: "Say more about what happens, on stderr.")
    static let remote = OptionSpec<String?>(
        value: "remote", default: nil,
        help: "A store shared through S3: s3://BUCKET/PREFIX (default: $READER_REMOTE); open looks there before the network.")

    /// The options every command takes, before the command too (``CommandLineWords``).
    static let all: [any NamedOption] = [cacheDir, offline, jobs, timeout, verbose, remote]
}

/// `reader open`'s own options.
enum OpenOptions {
    static let format = OptionSpec(value: "format", default: Open.Format.text, help: "text, markdown or json.")
    static let section = OptionSpec<String?>(
        value: "section", default: nil, help: "Only this section, with its subsections (3.2, A.1, REFERENCES).")
    static let noPager = OptionSpec(flag: "no-pager", help: "Do not pipe through $PAGER.")
    static let toc = OptionSpec(flag: "toc", help: "Print the table of contents: section numbers and titles.")
    /// The contract's name; what it filters is every declared annotation set (``AnnotationSet``).
    static let errata = OptionSpec(
        value: "errata", default: AnnotationVisibility.shown,
        help: "Annotations other documents make (errata): shown (verified, held, reported), all (rejected too) or none.")

    /// What ``QuickOpen`` reads; any other option is left to the parser's path.
    static let quick: [any NamedOption] = [CommonOptions.cacheDir, CommonOptions.offline, format, noPager]
}

/// `reader find`'s own options.
enum FindOptions {
    static let source = OptionSpec<String?>(
        value: "source", default: nil, help: "Only documents of this source (\(HelpExamples.sources), …).")
    static let limit = OptionSpec(value: "limit", default: 10, help: "At most this many passages.")
    static let json = OptionSpec(flag: "json", help: "Print a JSON array of hits.")

    /// What ``QuickFind`` reads (`--offline` too: `find` never opens a connection).
    static let quick: [any NamedOption] = [CommonOptions.cacheDir, CommonOptions.offline, source, limit, json]
}
