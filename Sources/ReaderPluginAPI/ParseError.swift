/// Why a module could not read its input. The engine reports it as
/// `<module>: <location>: <reason>` and exits 5.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The module's name.
    public var module: String
    /// Where in the input: "line 12", "byte 4096", "data[3].text"; nil when it is the whole input.
    public var location: String?
    /// What is wrong, in words a user understands ("no index entries found").
    public var reason: String

    public init(module: String, location: String? = nil, reason: String) {
        self.module = module
        self.location = location
        self.reason = reason
    }

    public var description: String {
        if let location { return "\(module): \(location): \(reason)" }
        return "\(module): \(reason)"
    }
}

/// A request a module cannot turn into a location: a malformed argument, a missing setting
/// (such as an API token). The engine reports it as a usage error (exit 64).
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
