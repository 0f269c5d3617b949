/// Where a bucket's requests go, and how the bucket is named in them: in the host name
/// (virtual-hosted, `https://BUCKET.s3.REGION.amazonaws.com/KEY`, AWS's default) or in the
/// path (`http://127.0.0.1:9000/BUCKET/KEY`, what MinIO, Ceph and local servers expect).
public struct Endpoint: Sendable, Hashable {
    public enum Addressing: String, Sendable {
        case path, virtual
    }

    /// `http` or `https`.
    public let scheme: String
    /// Host, with `:port` when one was given.
    public let authority: String
    /// A path the endpoint itself lives under (rare), without a trailing slash.
    public let basePath: String
    public let addressing: Addressing

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case badURL(String)
        public var description: String {
            switch self {
            case .badURL(let url): "the endpoint '\(url)' is not an http:// or https:// URL"
            }
        }
    }

    /// An endpoint named by URL (`AWS_ENDPOINT_URL_S3`): HTTPS unless it says `http://`; a
    /// URL without a scheme is taken as HTTPS, as the AWS tools do. Path-style unless
    /// `addressing` says otherwise, since a custom endpoint is rarely set up for bucket host names.
    public init(url: String, addressing: Addressing? = nil) throws(Failure) {
        var rest = Substring(url)
        var scheme = "https"
        if let range = url.range(of: "://") {
            scheme = url[..<range.lowerBound].lowercased()
            rest = url[range.upperBound...]
        }
        guard scheme == "http" || scheme == "https" else { throw .badURL(url) }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { throw .badURL(url) }
        self.scheme = scheme
        self.authority = authority.lowercased()
        basePath = rest.dropFirst(authority.count).prefix { $0 != "?" && $0 != "#" }.split(separator: "/").map { "/" + $0 }.joined()
        self.addressing = addressing ?? .path
    }

    /// AWS itself, in `region`: virtual-hosted, except for a bucket whose name has a dot,
    /// which the wildcard certificate of `s3.REGION.amazonaws.com` does not cover.
    public static func aws(region: String, bucket: String, addressing: Addressing? = nil) -> Endpoint {
        Endpoint(
            scheme: "https", authority: "s3.\(region).amazonaws.com", basePath: "",
            addressing: addressing ?? (bucket.contains(".") ? .path : .virtual))
    }

    init(scheme: String, authority: String, basePath: String, addressing: Addressing) {
        self.scheme = scheme
        self.authority = authority
        self.basePath = basePath
        self.addressing = addressing
    }

    /// The `Host` header and the unencoded path of object `key` (empty: the bucket itself).
    func location(bucket: String, key: String) -> (host: String, path: String) {
        let object = key.isEmpty ? "/" : "/" + key
        switch addressing {
        case .virtual: return ("\(bucket).\(authority)", basePath + object)
        case .path: return (authority, basePath + "/" + bucket + (key.isEmpty ? "" : "/" + key))
        }
    }
}
