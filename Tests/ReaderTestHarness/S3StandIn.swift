import Foundation
import NIOConcurrencyHelpers

/// A small S3 of our own on 127.0.0.1, path-style (`/BUCKET/KEY`), for what moto cannot do:
/// misbehave. It keeps objects in memory, honours `If-None-Match: *` and `If-Match`, sends an
/// ETag and a `Date`, lists with ListObjectsV2 — and, when told to, lists for ever: every page
/// says `IsTruncated` and hands out a continuation token, as a broken or hostile server may.
/// Signatures are not checked.
public final class S3StandIn: Sendable {
    /// How a listing ends.
    public enum Listing: Sendable {
        /// As S3 does: the keys under the prefix, 1,000 a page, then the end.
        case honest
        /// Never: the same page again and again, under the same token.
        case repeatingPage
        /// Never: page after page of new keys, each greater than the last, each with a new token.
        case endlessNewKeys
    }

    private let objects = NIOLockedValueBox<[String: [UInt8]]>([:])
    private let listing: NIOLockedValueBox<Listing>
    private let listed = NIOLockedValueBox(0)
    public let bucket: String
    public let server: LoopbackServer

    public init(bucket: String = "reader-team", listing: Listing = .honest) async throws {
        self.bucket = bucket
        self.listing = NIOLockedValueBox(listing)
        let box = NIOLockedValueBox<S3StandIn?>(nil)
        server = try await LoopbackServer { request in box.withLockedValue { $0 }?.answer(request) ?? .status(503) }
        box.withLockedValue { $0 = self }
    }

    public var endpoint: String { server.baseURL }

    /// Pages of listings served so far.
    public var pagesListed: Int { listed.withLockedValue { $0 } }

    public func put(_ key: String, _ bytes: [UInt8]) { objects.withLockedValue { $0[key] = bytes } }

    public func object(_ key: String) -> [UInt8]? { objects.withLockedValue { $0[key] } }

    public func stop() async { await server.stop() }

    private func answer(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let (path, query) = Self.split(request.uri)
        guard path.hasPrefix("/\(bucket)") else { return .respond(status: 404, body: Self.error("NoSuchBucket")) }
        let key = String(path.dropFirst(bucket.count + 1).drop { $0 == "/" })
        let date = [("Date", Self.httpDate())]
        switch (request.method, key.isEmpty) {
        case ("GET", true):
            return .respond(status: 200, headers: date + [("Content-Type", "application/xml")], body: page(query))
        case ("PUT", true):
            return .respond(status: 200, headers: date)
        case ("GET", false), ("HEAD", false):
            guard let bytes = object(key) else { return .respond(status: 404, headers: date, body: Self.error("NoSuchKey")) }
            return .respond(status: 200, headers: date + [("ETag", Self.etag(bytes))], body: request.method == "HEAD" ? [] : bytes)
        case ("PUT", false):
            let current = object(key)
            if request.headers["if-none-match"] == "*", current != nil { return .respond(status: 412, headers: date) }
            if let match = request.headers["if-match"], current.map(Self.etag) != match { return .respond(status: 412, headers: date) }
            // The loopback server hands the handler no body: a PUT stores an empty object,
            // enough for the probe and for tests that look at keys, not contents.
            put(key, [])
            return .respond(status: 200, headers: date + [("ETag", Self.etag([]))])
        case ("DELETE", false):
            objects.withLockedValue { _ = $0.removeValue(forKey: key) }
            return .respond(status: 204, headers: date)
        default:
            return .respond(status: 405, headers: date)
        }
    }

    /// One page of a ListObjectsV2 answer for `query`.
    private func page(_ query: [String: String]) -> [UInt8] {
        let number = listed.withLockedValue {
            $0 += 1
            return $0
        }
        let prefix = query["prefix"] ?? ""
        var keys: [String]
        var next: String?
        switch listing.withLockedValue({ $0 }) {
        case .honest:
            keys = objects.withLockedValue { Array($0.keys) }.filter { $0.hasPrefix(prefix) }.sorted()
        case .repeatingPage:
            keys = (0..<1000).map { "\(prefix)key-\(String(format: "%04d", $0))" }
            next = "again"
        case .endlessNewKeys:
            keys = (0..<1000).map { "\(prefix)page\(String(format: "%012d", number))-\(String(format: "%04d", $0))" }
            next = "page-\(number)"
        }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">"#
        xml += "<Name>\(bucket)</Name><Prefix>\(prefix)</Prefix><KeyCount>\(keys.count)</KeyCount><MaxKeys>1000</MaxKeys>"
        xml += "<IsTruncated>\(next == nil ? "false" : "true")</IsTruncated>"
        if let next { xml += "<NextContinuationToken>\(next)</NextContinuationToken>" }
        for key in keys {
            xml += "<Contents><Key>\(key)</Key><Size>\(object(key)?.count ?? 100)</Size><StorageClass>STANDARD</StorageClass></Contents>"
        }
        xml += "</ListBucketResult>"
        return Array(xml.utf8)
    }

    private static func split(_ uri: String) -> (path: String, query: [String: String]) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts.first ?? "").removingPercentEncoding ?? String(parts.first ?? "")
        var query: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(field[0]).removingPercentEncoding ?? String(field[0])
            query[name] = field.count > 1 ? String(field[1]).removingPercentEncoding ?? "" : ""
        }
        return (path, query)
    }

    private static func etag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\"\(String(hash, radix: 16))\""
    }

    private static func error(_ code: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>\(code)</Code><Message>\(code)</Message></Error>".utf8)
    }

    private static func httpDate() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date())
    }
}
