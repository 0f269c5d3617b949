import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NetworkAccess
import ReaderSupport

/// What one fetch gave.
public enum FetchOutcome: Sendable {
    case fetched(FetchedBody)
    /// The server said the stored copy is still current (HTTP 304).
    case notModified
    /// 404, or a missing local file: the caller may try the next candidate URL. (410 Gone is
    /// an error of its own, so that the message says what the server said.)
    case notFound
}

/// Where a response body goes as it arrives: the store writes it to a blob piece by piece
/// (hashed and compressed as it comes), so a body is never held whole in memory.
public protocol BodySink: AnyObject, Sendable {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// What a fetch says of the body it wrote to its sink.
public struct FetchedBody: Sendable {
    /// Bytes written to the sink (after any content coding was undone).
    public var count: Int
    /// The URL after redirects.
    public var url: String
    public var mediaType: String?
    public var charset: String?
    public var etag: String?
    public var lastModified: String?
    /// The HTTP status (200, 203…); nil for a local file.
    public var status: Int? = nil

    package init(
        count: Int, url: String, mediaType: String? = nil, charset: String? = nil, etag: String? = nil, lastModified: String? = nil,
        status: Int? = nil
    ) {
        self.count = count
        self.url = url
        self.mediaType = mediaType
        self.charset = charset
        self.etag = etag
        self.lastModified = lastModified
        self.status = status
    }
}

/// Validators of a stored copy, sent so that an unchanged resource costs a 304 — and only to
/// the origin that gave them (`source`, the URL the copy came from), never across a redirect
/// to another: a validator is whatever a server chose to send, and it could carry anything.
public struct Validators: Sendable {
    public var etag: String?
    public var lastModified: String?
    /// The URL whose response gave them.
    public var source: String?

    public init(etag: String?, lastModified: String?, source: String?) {
        self.etag = etag
        self.lastModified = lastModified
        self.source = source
    }
}

/// The scheme, host and port of a URL: what "the same server" means for credentials.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    package init?(_ url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = components.port ?? (scheme == "https" ? 443 : 80)
    }
}

/// Gets bytes from http(s) and `file://` URLs, with redirects, timeouts, gzip, a body-size
/// limit and revalidation. It is only ever created when the user is online.
public actor Fetcher {
    public struct Limits: Sendable {
        /// The most bytes a body may have; larger bodies fail rather than fill memory.
        public var maxBodyBytes: Int = 256 << 20
        public var connectTimeout: TimeInterval = 10
        /// The longest wait for the next bytes of a response.
        public var readTimeout: TimeInterval = 30
        public var maxRedirects: Int = 10
        /// The fewest bytes a body must bring in each `readTimeout` window (see ``Pace``).
        public var minimumBytesPerWindow: Int = 1024
        public init() {}
    }

    private let limits: Limits
    private let network: NetworkSetup
    private let trace: (@Sendable (String) -> Void)?
    /// One client per route: direct (nil), and each proxy the environment names.
    private var clients: [ProxyServer?: HTTPClient] = [:]
    /// The folders of local mirrors (``FileFetch``), whose files must be their own.
    private let mirrors: [String]
    /// The places each host has (``NetworkSetup/connectionsPerHost``), taken before a request
    /// goes to the HTTP client, so that its pool never has a request waiting on a deadline.
    private let gate: HostGate

    /// `network`: the proxies and certificate authorities; `trace`: told which proxy each
    /// request took (`--verbose`); `mirrors`: the folders of local mirrors.
    public init(
        limits: Limits = Limits(), network: NetworkSetup = .plain, trace: (@Sendable (String) -> Void)? = nil, mirrors: [String] = []
    ) {
        self.limits = limits
        self.network = network
        self.trace = trace
        self.mirrors = mirrors
        gate = HostGate(limit: network.connectionsPerHost)
    }

    /// Fetches `url` into `sink`; `progress` is called with the bytes received so far. Nothing
    /// is written to `sink` unless the outcome is `.fetched`.
    /// A server's "slow down" (``SlowDown``) is waited for and the request repeated;
    /// `waiting` is told the seconds of each wait. `maxBytes`, when given and smaller, is this
    /// body's limit instead of ``Limits/maxBodyBytes`` (a picture's).
    public func fetch(
        _ url: String, headers: [String: String] = [:], validators: Validators? = nil, into sink: any BodySink,
        maxBytes: Int? = nil,
        progress: @escaping @Sendable (Int, Int?) -> Void = { _, _ in }, waiting: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> FetchOutcome {
        var limits = self.limits
        if let maxBytes { limits.maxBodyBytes = min(limits.maxBodyBytes, maxBytes) }
        if url.hasPrefix("file://") { return try readLocal(url, limit: limits.maxBodyBytes, into: sink) }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw ReaderError.usage("\(url): only http, https and file URLs can be fetched")
        }
        // Redirects are followed here, not by the HTTP client, so that what belongs to one
        // origin (the `secretHeaders` of a module, validators) never reaches another.
        let origin = Origin(url)
        var current = url
        var visited: Set<String> = [url]
        var redirects = 0
        var slowDowns = 0
        do {
            while redirects <= limits.maxRedirects {
                let sameOrigin = Origin(current) == origin
                var request = HTTPClientRequest(url: current)
                request.headers.add(name: "User-Agent", value: "reader/\(ReaderVersion.current)")
                request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
                if sameOrigin {
                    for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
                }
                if let validators, Origin(current) == validators.source.flatMap(Origin.init) {
                    if let etag = validators.etag { request.headers.add(name: "If-None-Match", value: etag) }
                    if let lastModified = validators.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
                }
                // One of the host's places, held until the answer is read (or dropped).
                let host = Origin(current).map { "\($0.host):\($0.port)" } ?? current
                try await gate.enter(host)
                var released = false
                defer { if !released { Task { await gate.release(host) } } }
                let response = try await httpClient(for: current).execute(request, timeout: .hours(1))
                slowDowns += 1
                if let seconds = SlowDown.wait(
                    status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), attempt: slowDowns)
                {
                    // The answer's body is dropped (a short one read to the end, so that its
                    // connection is reused); the wait is a cancellable sleep: Ctrl-C ends it.
                    var dropped = 0
                    for try await piece in response.body {
                        dropped += piece.readableBytes
                        if dropped > 64 << 10 { break }
                    }
                    trace?(
                        "\(current): HTTP \(response.status.code), the server asks to wait \(seconds) s (retry \(slowDowns) of \(SlowDown.retries))"
                    )
                    released = true
                    await gate.release(host)
                    waiting(seconds)
                    try await SlowDown.sleep(seconds)
                    waiting(0)
                    continue
                }
                slowDowns = 0
                redirects += 1
                if [301, 302, 303, 307, 308].contains(response.status.code), let location = response.headers.first(name: "Location") {
                    guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteURL.absoluteString,
                        next.hasPrefix("http://") || next.hasPrefix("https://")
                    else { throw ReaderError.network(url: url, reason: "redirected to '\(location)', which is not an http(s) URL") }
                    guard visited.insert(next).inserted else { throw ReaderError.network(url: url, reason: "redirect loop") }
                    current = next
                    released = true
                    await gate.release(host)
                    continue
                }
                let result = try await outcome(
                    of: response, url: current, asked: url, limits: limits, into: sink, progress: progress)
                released = true
                await gate.release(host)
                return result
            }
            throw ReaderError.network(url: url, reason: "too many redirects (more than \(limits.maxRedirects))")
        } catch let error as ReaderError {
            throw error
        } catch is CancellationError {
            throw ReaderError.cancelled
        } catch let error as HTTPClientError where error == .cancelled {
            throw ReaderError.cancelled
        } catch let error as NetworkSetup.Failure {
            throw ReaderError.usage(error.description)
        } catch {
            if NetworkSetup.isUntrustedCertificate(error) {
                throw ReaderError.network(url: url, reason: "the server's certificate is not trusted: \(network.authorities.advice)")
            }
            throw ReaderError.network(url: url, reason: NetworkWords.describe(error))
        }
    }

    /// What a final (not redirecting) response means: a body, a 304, a 404 or a failure.
    /// `url` is where it came from, `asked` the URL the messages name.
    private func outcome(
        of response: HTTPClientResponse, url: String, asked: String, limits: Limits, into sink: any BodySink,
        progress: @escaping @Sendable (Int, Int?) -> Void
    ) async throws -> FetchOutcome {
        switch response.status.code {
        case 200..<300:
            let count = try await Self.collect(response, url: asked, limits: limits, into: sink, progress: progress)
            let (mediaType, charset) = MediaType.parse(response.headers.first(name: "Content-Type"))
            return .fetched(
                FetchedBody(
                    count: count, url: url, mediaType: mediaType, charset: charset,
                    etag: response.headers.first(name: "ETag"), lastModified: response.headers.first(name: "Last-Modified"),
                    status: Int(response.status.code)))
        case 304:
            return .notModified
        case 404:
            return .notFound
        default:
            var reason = "HTTP \(response.status.code) \(response.status.reasonPhrase)"
            switch response.status.code {
            case 401, 403: reason += " (the server refused the credentials; check the token)"
            case 429: reason += " (rate limited" + (response.headers.first(name: "Retry-After").map { "; retry after \($0) s" } ?? "") + ")"
            default: if let retry = response.headers.first(name: "Retry-After") { reason += " (retry after \(retry) s)" }
            }
            throw ReaderError.network(url: asked, reason: reason)
        }
    }

    /// Releases the connections; call once when done.
    public func shutdown() async {
        for client in clients.values { try? await client.shutdown() }
        clients = [:]
    }

    /// The client of `url`'s route: through the proxy the environment names for it, or direct
    /// (none named, or `no_proxy` names its host), as `--verbose` says.
    private func httpClient(for url: String) throws -> HTTPClient {
        let proxy: ProxyServer?
        do {
            switch try network.proxies.route(for: url) {
            case .direct:
                proxy = nil
            case .bypassed(let entry):
                trace?("\(url): no proxy (no_proxy names '\(entry)')")
                proxy = nil
            case .proxy(let server, let variable):
                trace?("\(url): through the proxy \(server) (\(variable))")
                proxy = server
            }
        } catch {
            throw NetworkSetup.Failure.proxy(error)
        }
        if let client = clients[proxy] { return client }
        var configuration = HTTPClient.Configuration()
        // Followed by `fetch` itself, origin by origin.
        configuration.redirectConfiguration = .disallow
        // A refused connection or an unknown host fails at once, as curl does, instead of
        // being retried with backoff until the connect timeout (10 s per request). The
        // timeout still bounds a host that does not answer at all.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(
            connect: .milliseconds(Int64(limits.connectTimeout * 1000)), read: .milliseconds(Int64(limits.readTimeout * 1000)))
        // Undone by `collect` as the body arrives, a piece at a time: the client's own
        // decompressor makes a buffer of all that one network read expands to (a megabyte of
        // a gzip bomb is a gigabyte), so a few bombs at once took gigabytes.
        configuration.decompression = .disabled
        let client = try network.makeClient(configuration, through: proxy)
        clients[proxy] = client
        return client
    }

    /// Moves the body into `sink` as it arrives. Off the actor: the sink hashes and compresses
    /// each piece, and the downloads of a bulk fetch do that work on every core at once.
    @concurrent
    private static func collect(
        _ response: HTTPClientResponse, url: String, limits: Limits, into sink: any BodySink,
        progress: @Sendable (Int, Int?) -> Void
    ) async throws -> Int {
        let expected = response.headers.first(name: "Content-Length").flatMap(Int.init)
        if let expected, expected > limits.maxBodyBytes {
            throw ReaderError.network(url: url, reason: "body of \(expected) bytes is over the limit of \(limits.maxBodyBytes)")
        }
        var count = 0
        var received = 0
        var pace = Pace(window: limits.readTimeout, minimum: limits.minimumBytesPerWindow)
        let decoder = try ContentCoding.decoder(for: response.headers.first(name: "Content-Encoding"), url: url)
        for try await buffer in response.body {
            try Task.checkCancellation()
            received += buffer.readableBytes
            try buffer.withUnsafeReadableBytes { bytes in
                try ContentCoding.decode(bytes, with: decoder, url: url) { piece in
                    // Checked before writing, so the body never grows past the limit.
                    guard count + piece.count <= limits.maxBodyBytes else {
                        throw ReaderError.network(
                            url: url,
                            reason: decoder == nil
                                ? "body is over the limit of \(limits.maxBodyBytes) bytes" : ContentCoding.bomb)
                    }
                    try sink.write(piece)
                    count += piece.count
                }
            }
            if let slow = pace.record(buffer.readableBytes) {
                throw ReaderError.network(url: url, reason: "the server sends too slowly (\(slow) bytes in \(Int(limits.readTimeout)) s)")
            }
            progress(received, expected)
        }
        if let decoder, !decoder.ended {
            throw ReaderError.network(url: url, reason: "the compressed body is cut short")
        }
        return count
    }

    /// The read timeout only catches a server that sends nothing; one that sends a few bytes
    /// now and then would hold a fetch for as long as it likes. Each window of the read
    /// timeout must bring at least a minimum of bytes.
    struct Pace {
        let window: TimeInterval
        let minimum: Int
        private var start = ContinuousClock.now
        private var received = 0

        package init(window: TimeInterval, minimum: Int) {
            self.window = window
            self.minimum = minimum
        }

        /// Counts `count` bytes; returns the bytes of a finished window that fell short.
        mutating func record(_ count: Int) -> Int? {
            received += count
            let now = ContinuousClock.now
            guard now - start >= .milliseconds(Int64(window * 1000)) else { return nil }
            defer { (start, received) = (now, 0) }
            return received < minimum ? received : nil
        }
    }

    /// A file of a local mirror, read into `sink` a piece at a time.
    private func readLocal(_ url: String, limit: Int, into sink: any BodySink) throws -> FetchOutcome {
        try FileFetch.read(url, limit: limit, mirrors: mirrors, into: sink)
    }
}
