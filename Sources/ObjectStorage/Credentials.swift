/// An access key, its secret and, for temporary credentials, the session token. Printing one
/// shows only the access key ID: the secret and the token must never reach a log, a message or
/// the store, and a `print(credentials)` or string interpolation by mistake cannot leak them.
public struct Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let accessKeyID: String
    let secretAccessKey: String
    let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The values a process must never print: what the command line redacts from its output.
    public var secrets: [String] { [secretAccessKey] + (sessionToken.map { [$0] } ?? []) }

    public var description: String { "credentials \(accessKeyID) (secret redacted)" }
    public var debugDescription: String { description }
}
