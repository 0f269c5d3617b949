import ReaderPluginAPI

/// Everything that can go wrong for a user, each with the exit code the contract gives it and
/// a one-line message that says what happened and what to do.
public enum ReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not in the store and offline; `command` is what would fetch it.
    case notStored(key: String, command: String)
    /// A key named to act on (`cache rm`) that the store does not hold.
    case notInStore(key: String)
    /// The network or the server failed.
    case network(url: String, reason: String)
    /// A module could not parse its input.
    case parse(ParseError)
    /// The store is damaged: a blob or the catalog does not read back as written.
    case damaged(what: String, reason: String)
    /// The catalog may lack entries (`catalog.partial`): `gc` will not remove the `unnamed`
    /// blobs it does not name, which may be their data.
    case incompleteCatalog(reason: String, unnamed: Int)
    /// The command line or a request cannot be understood.
    case usage(String)
    /// The store could not be written (permissions, disk full).
    case storage(String)
    /// The user interrupted the work.
    case cancelled

    /// The process exit code (see the contract).
    public var exitCode: Int32 {
        switch self {
        case .notStored, .notInStore: 3
        case .network: 4
        case .parse: 5
        case .damaged, .incompleteCatalog: 6
        case .usage: 64
        case .storage: 73
        case .cancelled: 130
        }
    }

    public var description: String {
        switch self {
        case .notStored(let key, let command):
            "\(key) is not in the store; run '\(command)' while online to fetch it"
        case .notInStore(let key):
            "'\(key)' is not in the store; 'reader cache ls' lists what is"
        case .network(let url, let reason):
            "\(url): \(reason)"
        case .parse(let error) where error.module == "reader":
            // Refused by the engine itself, not a module: the line already starts `reader:`.
            "cannot parse \(error.location.map { "\($0): " } ?? "")\(error.reason)"
        case .parse(let error):
            "cannot parse: \(error)"
        case .damaged(let what, let reason) where what.hasPrefix("blob ") && what.contains("s3://"):
            // A remote's blob: no fetch repairs it, and a push never overwrites an object.
            "the remote is damaged: \(what): \(reason); a 'reader push' from a store that holds it whole sends it again "
                + "(delete a damaged object from the remote first: a push never overwrites one)"
        case .damaged(let what, let reason) where what.contains("s3://"):
            "the remote is damaged: \(what): \(reason); 'reader cache verify --remote' checks the whole remote"
        case .damaged(let what, let reason) where what.contains("catalog"):
            "the store is damaged: \(what): \(reason); the next 'reader fetch' (of anything) rebuilds "
                + "the catalog from its copy, catalog.prev.json; 'reader cache verify' checks it"
        case .damaged(let what, let reason):
            "the store is damaged: \(what): \(reason); run 'reader cache verify' and fetch it again to repair"
        case .incompleteCatalog(let reason, let unnamed):
            "the catalog may lack entries: \(reason); gc removes nothing while \(unnamed) "
                + "\(unnamed == 1 ? "blob" : "blobs") it does not name may be their data: run 'reader cache recover' to list "
                + "them and fetch back what you need, then 'reader cache recover --accept-loss' lets gc remove the rest"
        case .usage(let message):
            message
        case .storage(let message):
            "cannot write the store: \(message)"
        case .cancelled:
            "cancelled"
        }
    }
}
