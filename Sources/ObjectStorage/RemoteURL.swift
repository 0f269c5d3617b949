/// A remote as users name it: `s3://BUCKET/PREFIX`. The prefix is kept without slashes at
/// either end, so that `s3://team/reader/` and `s3://team/reader` are one remote.
public struct RemoteURL: Sendable, Hashable, CustomStringConvertible {
    public let bucket: String
    public let prefix: String

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case notS3(String)
        case badBucket(String)

        public var description: String {
            switch self {
            case .notS3: "a remote is named s3://BUCKET/PREFIX"
            case .badBucket(let bucket): "'\(bucket)' is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)"
            }
        }
    }

    public init(_ text: String) throws(Failure) {
        guard text.hasPrefix("s3://") else { throw .notS3(text) }
        let rest = text.dropFirst("s3://".count)
        let bucket = String(rest.prefix { $0 != "/" })
        let allowed = bucket.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard (3...63).contains(bucket.utf8.count), allowed else { throw .badBucket(bucket) }
        self.bucket = bucket
        prefix = rest.dropFirst(bucket.count).split(separator: "/").joined(separator: "/")
    }

    /// The object key of `name` under the prefix.
    public func key(_ name: String) -> String {
        prefix.isEmpty ? name : prefix + "/" + name
    }

    public var description: String { prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)" }
}
