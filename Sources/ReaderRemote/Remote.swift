import Foundation
import NetworkAccess
import ObjectStorage
import ReaderSupport

/// A store shared through S3-compatible object storage, `s3://BUCKET/PREFIX`: under the
/// prefix, `objects/ab/cdef…` holds each blob with the same bytes as on disk, and `catalog/`
/// the catalog as immutable segments and one root naming them (``RemoteCatalog``).
public struct Remote: Sendable {
    public let url: RemoteURL
    let bucket: Bucket

    /// The remote named `text`, with the endpoint, region and credentials of `environment`
    /// (``RemoteSettings``). Throws `ReaderError.usage` for a name or setting that is wrong.
    /// `network`: the proxies and certificate authorities; `slowingDown` is told each wait a
    /// server's "slow down" asks for (0 when it is over).
    /// `betweenBytes`: how long a response may send nothing (`--timeout`, as for a fetch).
    public init(
        _ text: String, environment: [String: String], timeout: Double = 120, betweenBytes: Double = 60,
        network: NetworkSetup = .plain, slowingDown: (@Sendable (Int) -> Void)? = nil
    ) throws {
        let url: RemoteURL
        do {
            url = try RemoteURL(text)
        } catch {
            throw ReaderError.usage("--remote '\(text)': \(error)")
        }
        let settings: RemoteSettings
        do {
            settings = try RemoteSettings(for: url, environment: environment)
        } catch {
            throw ReaderError.usage("\(url): \(error)")
        }
        self.url = url
        do {
            bucket = try Bucket(
                name: url.bucket, settings: settings, timeout: timeout, betweenBytes: betweenBytes, network: network,
                slowingDown: slowingDown)
        } catch {
            throw ReaderError.usage("\(url): \(error)")
        }
    }

    /// How the remote's endpoint is reached: direct, bypassing a proxy, or through one.
    public var route: ProxyEnvironment.Route { bucket.route }

    /// The secret access key and session token signing its requests, wherever they were read
    /// from (the environment or `~/.aws/credentials`): what no output line may hold.
    public var secrets: [String] { bucket.settings.credentials.secrets }

    /// Ends the HTTP client: once, when the command is done with the remote.
    public func shutdown() async {
        await bucket.shutdown()
    }

    /// The object key of blob `id`: `PREFIX/objects/ab/cdef…`, as the store names its file.
    func key(of id: BlobID) -> String {
        url.key(Self.blobName(id))
    }

    /// The blob named by object key `key`, if it is one.
    func blob(named key: String) -> BlobID? {
        let start = url.key("objects/")
        guard key.hasPrefix(start) else { return nil }
        let rest = key.dropFirst(start.count)
        guard rest.count == 65, rest.dropFirst(2).first == "/" else { return nil }
        return BlobID(hex: String(rest.prefix(2) + rest.dropFirst(3)))
    }

    /// A failed request in the contract's words: the object's `s3://` URL, then what happened
    /// (exit 4). The server's own words stay in; the command line sanitizes every line.
    func readerError(_ failure: StorageFailure) -> ReaderError {
        let location = "s3://\(url.bucket)/\(failure.key)"
        switch failure {
        case .transport(_, let underlying) where NetworkSetup.isUntrustedCertificate(underlying):
            return .network(
                url: location,
                reason:
                    "the endpoint's certificate is not trusted: if a proxy or your company signs it, set SSL_CERT_FILE (or --cacert) to the authority's PEM file"
            )
        case .transport(_, let underlying):
            return .network(url: location, reason: NetworkWords.describe(underlying))
        default:
            return .network(url: location, reason: failure.reason ?? "failed")
        }
    }

    /// Runs a request, its failure in the contract's words.
    func request<T>(_ body: () async throws(StorageFailure) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            // Ctrl-C ends requests under way: that is an interruption (130), not a failure.
            if Task.isCancelled { throw CancellationError() }
            throw readerError(error)
        }
    }
}
