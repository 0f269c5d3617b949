import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NetworkAccess

/// One bucket of S3-compatible object storage: objects read, written (on a condition),
/// listed and deleted with requests signed by ``SignatureV4``. Only what `reader` needs; no SDK.
public final class Bucket: Sendable {
    public let name: String
    public let settings: RemoteSettings
    let signer: SignatureV4
    let client: HTTPClient
    /// Seconds a request may take, whole.
    let timeout: Int64
    /// How the endpoint is reached: direct, or through the proxy the environment names
    /// (`https_proxy`…, unless `no_proxy` names its host), as `--verbose` says.
    public let route: ProxyEnvironment.Route
    /// Told each wait a server's "slow down" (429 or 503 with `Retry-After`) asks for.
    let slowingDown: (@Sendable (Int) -> Void)?

    /// A bucket reached as `network` says (proxies, certificate authorities); a proxy
    /// variable or authority file that cannot be read fails here.
    /// `betweenBytes`: seconds a response may send nothing before it is given up.
    public convenience init(
        name: String, settings: RemoteSettings, timeout: Double = 120, betweenBytes: Double = 60, network: NetworkSetup,
        slowingDown: (@Sendable (Int) -> Void)? = nil
    ) throws(NetworkSetup.Failure) {
        let (host, _) = settings.endpoint.location(bucket: name, key: "")
        let route: ProxyEnvironment.Route
        do {
            route = try network.proxies.route(for: "\(settings.endpoint.scheme)://\(host)/")
        } catch {
            throw .proxy(error)
        }
        let proxy: ProxyServer? = if case .proxy(let server, _) = route { server } else { nil }
        // `--jobs` counts a remote's transfers, not the fetcher's polite four a host: an object
        // store is made for many at once, and a transfer queued in the client's pool would fail
        // on its connect deadline while four large blobs went up.
        var network = network
        network.connectionsPerHost = Self.connectionsPerHost
        let client = try network.makeClient(Self.configuration(betweenBytes: betweenBytes), through: proxy)
        self.init(name: name, settings: settings, timeout: timeout, client: client, route: route, slowingDown: slowingDown)
    }

    /// A bucket reached directly, trusting the system's certificate authorities.
    public convenience init(name: String, settings: RemoteSettings, timeout: Double = 120) {
        self.init(
            name: name, settings: settings, timeout: timeout,
            client: NetworkSetup.makeDirectClient(Self.configuration(betweenBytes: 60), connectionsPerHost: Self.connectionsPerHost),
            route: .direct,
            slowingDown: nil)
    }

    private init(
        name: String, settings: RemoteSettings, timeout: Double, client: HTTPClient, route: ProxyEnvironment.Route,
        slowingDown: (@Sendable (Int) -> Void)?
    ) {
        self.name = name
        self.settings = settings
        self.timeout = Int64(timeout * 1000)
        self.client = client
        self.route = route
        self.slowingDown = slowingDown
        signer = SignatureV4(credentials: settings.credentials, region: settings.region)
    }

    /// Connections to the endpoint at most: more than `--jobs` will ask for.
    static let connectionsPerHost = 64

    private static func configuration(betweenBytes: Double) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        // A server that is down fails the command at once (exit 4), rather than after
        // minutes of reconnecting; `reader push` resumes where it stopped.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .seconds(10), read: .milliseconds(Int64(max(1, betweenBytes) * 1000)))
        configuration.decompression = .disabled
        return configuration
    }

    /// Seconds a request may take before it is abandoned: a request this old is over.
    public var requestTimeout: Int { Int((timeout + 999) / 1000) }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// An object's bytes and ETag, and the server's clock when it answered (its `Date`, as
    /// seconds since 1970; nil when it sent none).
    public struct Object: Sendable {
        public let bytes: [UInt8]
        public let etag: String?
        public let serverTime: Int?
    }

    /// Object `key`, or nil when there is none. A body over `limit` bytes is refused.
    public func get(_ key: String, limit: Int) async throws(StorageFailure) -> Object? {
        try await fetch(key, limit: limit).object
    }

    /// Object `key` (nil when there is none) and the server's clock when it answered. A
    /// bucket that does not exist is a failure, not an object that does not: a mistyped bucket
    /// must not read as an empty remote (`reader pull` said it had nothing to take).
    public func fetch(_ key: String, limit: Int) async throws(StorageFailure) -> (object: Object?, serverTime: Int?) {
        let response = try await send("GET", key: key, limit: limit)
        let serverTime = response.headers.first(name: "date").flatMap(HTTPDate.seconds)
        if response.status == 404 && Self.errorCode(response) != "NoSuchBucket" { return (nil, serverTime) }
        try check(response, key: key)
        return (Object(bytes: response.body, etag: response.headers.first(name: "etag"), serverTime: serverTime), serverTime)
    }

    /// Streams object `key`'s body to `sink`, piece by piece as it arrives, so that memory
    /// holds a piece, never the object: false when there is no such object. A body over
    /// `limit` bytes is refused; `sink` returning false stops the transfer (the caller knows
    /// why). A 500 or 503 before any byte is tried again, as ``send`` does.
    public func stream(_ key: String, limit: Int, into sink: (UnsafeRawBufferPointer) -> Bool) async throws(StorageFailure) -> Bool {
        var attempt = 0
        while true {
            attempt += 1
            let request = signedRequest("GET", key: key, query: [], headers: [], body: [])
            do {
                let response = try await client.execute(request, timeout: .milliseconds(timeout))
                let status = Int(response.status.code)
                guard (200..<300).contains(status) else {
                    var collected: [UInt8] = []
                    for try await var piece in response.body where collected.count < 64 << 10 {
                        collected += piece.readBytes(length: min(piece.readableBytes, (64 << 10) - collected.count)) ?? []
                    }
                    let answer = Response(status: status, headers: response.headers, body: collected)
                    if (status == 500 || status == 503) && attempt < 3 {
                        try? await Task.sleep(for: .milliseconds(200 * attempt))
                        continue
                    }
                    if status == 404 && Self.errorCode(answer) != "NoSuchBucket" { return false }
                    try check(answer, key: key)
                    return false
                }
                var received = 0
                for try await piece in response.body {
                    received += piece.readableBytes
                    guard received <= limit else {
                        throw StorageFailure.malformed(key: key, reason: "the object is larger than \(limit) bytes")
                    }
                    guard piece.withUnsafeReadableBytes(sink) else {
                        throw StorageFailure.malformed(key: key, reason: "the object was refused as it arrived")
                    }
                }
                return true
            } catch let failure as StorageFailure {
                throw failure
            } catch {
                throw .transport(key: key, underlying: error)
            }
        }
    }

    /// The ETag of object `key`, or nil when there is none.
    public func head(_ key: String) async throws(StorageFailure) -> String? {
        let response = try await send("HEAD", key: key)
        if response.status == 404 { return nil }
        try check(response, key: key)
        return response.headers.first(name: "etag") ?? ""
    }

    /// When a write may happen.
    public enum Condition: Sendable {
        /// Only if no object has the key (`If-None-Match: *`).
        case absent
        /// Only if the object is still the one with this ETag (`If-Match`).
        case matches(String)
    }

    public enum WriteOutcome: Sendable, Equatable {
        case written(etag: String?)
        /// The condition did not hold (412), or another write of the key was under way (409).
        case conditionFailed
    }

    /// Writes `bytes` as object `key`, on `condition` when given.
    public func put(_ key: String, _ bytes: [UInt8], condition: Condition? = nil) async throws(StorageFailure) -> WriteOutcome {
        var headers: [(String, String)] = []
        switch condition {
        case .absent: headers.append(("If-None-Match", "*"))
        case .matches(let etag): headers.append(("If-Match", etag))
        case nil: break
        }
        let response = try await send("PUT", key: key, headers: headers, body: bytes)
        if response.status == 412 || response.status == 409 { return .conditionFailed }
        try check(response, key: key)
        return .written(etag: response.headers.first(name: "etag"))
    }

    public func delete(_ key: String) async throws(StorageFailure) {
        let response = try await send("DELETE", key: key)
        if response.status == 404 { return }
        try check(response, key: key)
    }

    /// Every object whose key starts with `prefix`: its key and size, page after page
    /// (ListObjectsV2, 1,000 a page). S3 lists keys in ascending order and never hands out a
    /// continuation token twice; a server that does (a listing with `IsTruncated` for ever),
    /// or that lists more than `limit` keys (the settings' `listingLimit` unless given), is refused in one line rather than followed
    /// while memory grows.
    public func list(prefix: String, limit: Int? = nil) async throws(StorageFailure) -> [(key: String, size: Int)] {
        let limit = limit ?? settings.listingLimit
        var found: [(key: String, size: Int)] = []
        var token: String?
        var tokens = Set<String>()
        var pages = 0
        let endless = { (why: String) in
            StorageFailure.malformed(
                key: prefix, reason: "the listing \(why) after \(pages) pages and \(found.count) keys; reader stops there")
        }
        repeat {
            pages += 1
            var query = [(name: "list-type", value: "2"), (name: "prefix", value: prefix)]
            if let token { query.append((name: "continuation-token", value: token)) }
            let response = try await send("GET", key: "", query: query, limit: 16 << 20)
            try check(response, key: prefix)
            let xml = String(decoding: response.body, as: UTF8.self)
            guard xml.contains("<ListBucketResult") else { throw .malformed(key: prefix, reason: "the listing is not a ListBucketResult") }
            for contents in XMLText.values(of: "Contents", in: xml) {
                guard let key = XMLText.value(of: "Key", in: contents) else { continue }
                if let last = found.last?.key, !last.utf8.lexicographicallyPrecedes(key.utf8) {
                    throw endless("goes back to keys it listed")
                }
                guard found.count < limit else { throw endless("goes on past \(limit) keys") }
                found.append((key, XMLText.value(of: "Size", in: contents).flatMap(Int.init) ?? 0))
            }
            token = XMLText.value(of: "IsTruncated", in: xml) == "true" ? XMLText.value(of: "NextContinuationToken", in: xml) : nil
            if let token, !tokens.insert(token).inserted { throw endless("repeats a page") }
        } while token != nil
        return found
    }

    struct Response {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
    }

    private func check(_ response: Response, key: String) throws(StorageFailure) {
        guard (200..<300).contains(response.status) else {
            let xml = String(decoding: response.body.prefix(64 << 10), as: UTF8.self)
            throw .refused(
                key: key, status: response.status, code: XMLText.value(of: "Code", in: xml), message: XMLText.value(of: "Message", in: xml))
        }
    }

    /// The `<Code>` of an error answer's document (`NoSuchKey`, `NoSuchBucket`…), if it has one.
    private static func errorCode(_ response: Response) -> String? {
        XMLText.value(of: "Code", in: String(decoding: response.body.prefix(64 << 10), as: UTF8.self))
    }

    /// Sends one signed request. A 429 or 503 with `Retry-After` (a "slow down") is asked
    /// again after the wait, within ``SlowDown``'s bound (60 s a wait, 5 repeats); a 500, or a
    /// 503 without it (S3's own "SlowDown"), is tried twice more after a short pause. Every
    /// request here may be repeated, a conditional write included (its repeat answers 412).
    private func send(
        _ method: String, key: String, query: [(name: String, value: String)] = [], headers extra: [(String, String)] = [],
        body: [UInt8] = [], limit: Int = 1 << 20
    ) async throws(StorageFailure) -> Response {
        var attempt = 0
        var slowDowns = 0
        while true {
            let response = try await sendOnce(method, key: key, query: query, headers: extra, body: body, limit: limit)
            slowDowns += 1
            if let seconds = SlowDown.wait(
                status: response.status, retryAfter: response.headers.first(name: "retry-after"), attempt: slowDowns)
            {
                slowingDown?(seconds)
                do {
                    try await SlowDown.sleep(seconds)
                } catch {
                    throw .transport(key: key, underlying: error)
                }
                slowingDown?(0)
                continue
            }
            attempt += 1
            if (response.status == 500 || response.status == 503) && attempt < 3 {
                try? await Task.sleep(for: .milliseconds(200 * attempt))
                continue
            }
            return response
        }
    }

    private func sendOnce(
        _ method: String, key: String, query: [(name: String, value: String)], headers extra: [(String, String)], body: [UInt8],
        limit: Int
    ) async throws(StorageFailure) -> Response {
        let request = signedRequest(method, key: key, query: query, headers: extra, body: body)
        do {
            let response = try await client.execute(request, timeout: .milliseconds(timeout))
            var collected: [UInt8] = []
            if method != "HEAD" {
                for try await var piece in response.body {
                    guard collected.count + piece.readableBytes <= limit else {
                        throw StorageFailure.malformed(key: key, reason: "the object is larger than \(limit) bytes")
                    }
                    collected += piece.readBytes(length: piece.readableBytes) ?? []
                }
            }
            return Response(status: Int(response.status.code), headers: response.headers, body: collected)
        } catch let failure as StorageFailure {
            throw failure
        } catch {
            throw .transport(key: key, underlying: error)
        }
    }

    /// One request signed with Signature V4, ready to send.
    private func signedRequest(
        _ method: String, key: String, query: [(name: String, value: String)], headers extra: [(String, String)], body: [UInt8]
    ) -> HTTPClientRequest {
        let (host, path) = settings.endpoint.location(bucket: name, key: key)
        let amzDate = AmzDate.now()
        let payloadHash = SignatureV4.payloadHash(body)
        var headers: [(name: String, value: String)] = [
            ("host", host), ("x-amz-date", amzDate), ("x-amz-content-sha256", payloadHash),
        ]
        if let token = settings.credentials.sessionToken { headers.append(("x-amz-security-token", token)) }
        headers += extra.map { (name: $0.0, value: $0.1) }
        let signed = SignatureV4.Request(method: method, path: path, query: query, headers: headers, payloadHash: payloadHash)
        let queryText = SignatureV4.canonicalQuery(query)
        let url = "\(settings.endpoint.scheme)://\(host)\(URIEncoding.encodePath(path))\(queryText.isEmpty ? "" : "?" + queryText)"
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.headers.add(name: "Authorization", value: signer.authorization(signed, amzDate: amzDate))
        if method == "PUT" {
            request.headers.add(name: "Content-Length", value: "\(body.count)")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        return request
    }
}
