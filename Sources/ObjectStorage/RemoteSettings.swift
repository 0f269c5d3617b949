import Foundation

/// The endpoint, region and credentials of S3 requests, from the environment and the AWS
/// files as every AWS tool reads them:
///
/// - endpoint: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`, else the profile's
///   `endpoint_url`, else AWS itself;
/// - region: `AWS_REGION`, else `AWS_DEFAULT_REGION`, else the profile's `region`, else
///   `us-east-1`;
/// - credentials: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`),
///   else the profile (`AWS_PROFILE`, else `default`) in `~/.aws/credentials`
///   (`AWS_SHARED_CREDENTIALS_FILE`), else in `~/.aws/config` (`AWS_CONFIG_FILE`).
///
/// How the bucket is addressed: `READER_S3_ADDRESSING` (`path` or `virtual`), else the
/// profile's `s3 = addressing_style`, else ``Endpoint``'s default.
public struct RemoteSettings: Sendable {
    public let endpoint: Endpoint
    public let region: String
    public let credentials: Credentials
    /// Keys a listing may hold before it is taken for one that never ends (`READER_REMOTE_MAX_KEYS`):
    /// a listing is kept whole in memory (about 100 bytes a key), and a server whose listing goes
    /// on with new keys for ever cannot be told from a very large bucket any other way. Five
    /// million is a store of two million documents with room to spare, in about 500 MB.
    public var listingLimit = RemoteSettings.defaultListingLimit
    public static let defaultListingLimit = 5_000_000

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case noCredentials(profile: String)
        case badEndpoint(Endpoint.Failure)
        case badAddressing(String)
        case badListingLimit(String)

        public var description: String {
            switch self {
            case .noCredentials(let profile):
                "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add profile '\(profile)' to ~/.aws/credentials"
            case .badEndpoint(let failure): failure.description
            case .badAddressing(let value): "READER_S3_ADDRESSING is '\(value)'; it may be 'path' or 'virtual'"
            case .badListingLimit(let value): "READER_REMOTE_MAX_KEYS is '\(value)'; it may be a whole number from 1,000 to 100,000,000"
            }
        }
    }

    public init(endpoint: Endpoint, region: String, credentials: Credentials) {
        self.endpoint = endpoint
        self.region = region
        self.credentials = credentials
    }

    /// The settings for `remote` in `environment` (names to values).
    public init(for remote: RemoteURL, environment: [String: String]) throws(Failure) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let home = value("HOME") ?? NSHomeDirectory()
        let profile = value("AWS_PROFILE") ?? "default"
        let config = ProfileFile(path: value("AWS_CONFIG_FILE") ?? home + "/.aws/config")?.configProfile(profile) ?? [:]
        let addressing: Endpoint.Addressing?
        if let text = value("READER_S3_ADDRESSING") {
            guard let chosen = Endpoint.Addressing(rawValue: text.lowercased()) else { throw .badAddressing(text) }
            addressing = chosen
        } else {
            // The config file's `s3 = addressing_style = path|virtual` (`auto`: the default).
            addressing = config["s3.addressing_style"].flatMap { Endpoint.Addressing(rawValue: $0.lowercased()) }
        }
        if let text = value("READER_REMOTE_MAX_KEYS") {
            guard let limit = Int(text), (1_000...100_000_000).contains(limit) else { throw .badListingLimit(text) }
            listingLimit = limit
        }
        region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? config["region"] ?? "us-east-1"
        if let url = value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL") ?? config["endpoint_url"] {
            do {
                endpoint = try Endpoint(url: url, addressing: addressing)
            } catch {
                throw .badEndpoint(error)
            }
        } else {
            endpoint = .aws(region: region, bucket: remote.bucket, addressing: addressing)
        }
        if let id = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") {
            credentials = Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
            return
        }
        let stored = ProfileFile(path: value("AWS_SHARED_CREDENTIALS_FILE") ?? home + "/.aws/credentials")?.credentialsProfile(profile)
        for section in [stored, config].compactMap({ $0 }) {
            if let id = section["aws_access_key_id"], let secret = section["aws_secret_access_key"] {
                credentials = Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: section["aws_session_token"])
                return
            }
        }
        throw .noCredentials(profile: profile)
    }
}
