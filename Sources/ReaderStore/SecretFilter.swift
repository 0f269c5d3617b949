import ReaderPluginAPI
import ReaderSupport

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

    /// What is said when the bytes of `what` hold a secret.
    func refusal(_ what: String) -> ReaderError {
        ReaderError.parse(
            ParseError(
                module: "reader", location: what,
                reason: "the response carries the value of a token this process holds (READER_…_TOKEN); nothing of it is stored"))
    }

    /// Looks for the secrets in bytes that come in pieces (a download, a document written in
    /// chunks): a secret cut in two by a piece boundary is found too, from the end of the
    /// piece before kept for the purpose.
    struct Scanner {
        let filter: SecretFilter
        private var tail: [UInt8] = []
        private let overlap: Int
        /// Whether any piece so far held a secret.
        private(set) var found = false

        package init(_ filter: SecretFilter) {
            self.filter = filter
            overlap = max(0, (filter.secrets.map(\.count).max() ?? 0) - 1)
        }

        mutating func scan(_ piece: UnsafeRawBufferPointer) {
            guard !found, !filter.secrets.isEmpty else { return }
            let bytes = piece.assumingMemoryBound(to: UInt8.self)
            if !tail.isEmpty {
                // Where a secret could straddle the boundary: the end before, the start now.
                let seam = tail + bytes.prefix(overlap)
                found = filter.carriesSecret(seam)
            }
            if !found { found = filter.secrets.contains { SecretFilter.find($0, in: bytes) } }
            if bytes.count >= overlap {
                tail = Array(bytes.suffix(overlap))
            } else {
                tail = Array((tail + bytes).suffix(overlap))
            }
        }

        fileprivate static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
            SecretFilter.find(needle, in: haystack)
        }
    }

    /// Plain search, first byte then the rest: secrets are few and short, bodies scanned once.
    fileprivate static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
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
