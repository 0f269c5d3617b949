import ReaderPluginAPI

/// The secrets a process holds (an API token), which the store never keeps: a server can put
/// anything in a response — its body, a title, an `ETag` — including the token it was sent.
/// Validators that carry one are dropped (the copy is kept, it just revalidates in full next
/// time); bytes that carry one are refused, so nothing of that response is stored.
public struct SecretFilter: Sendable {
    private let secrets: [[UInt8]]

    public init(_ secrets: [String]) {
        self.secrets = secrets.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    public static let none = SecretFilter([])

    public var isEmpty: Bool { secrets.isEmpty }

    /// `value` unless it carries a secret.
    public func validator(_ value: String?) -> String? {
        guard let value, !carriesSecret(Array(value.utf8)) else { return nil }
        return value
    }

    /// Whether `bytes` hold any secret.
    public func carriesSecret(_ bytes: [UInt8]) -> Bool {
        secrets.contains { secret in bytes.withUnsafeBufferPointer { Self.find(secret, in: $0) } }
    }

    /// Throws when `bytes` (of `what`) hold a secret.
    func refuse(_ bytes: [UInt8], _ what: String) throws {
        guard carriesSecret(bytes) else { return }
        throw ReaderError.parse(ParseError(
            module: "reader", location: what,
            reason: "the response carries the value of a token this process holds (READER_…_TOKEN); nothing of it is stored"))
    }

    /// Plain search, first byte then the rest: secrets are few and short, bodies scanned once.
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
