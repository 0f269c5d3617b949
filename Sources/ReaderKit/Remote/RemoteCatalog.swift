import Foundation
import ObjectStorage

/// The catalog on a remote, shared by everyone who pushes, with no lock server:
///
/// - `catalog/segments/<sha256>.jsonl`: immutable segments, one `{"key": …, "entry": …}` line
///   per entry, named by the hash of their bytes and written only if absent
///   (`If-None-Match: *`), so a segment is whole or not there, and writing it twice is harmless;
/// - `catalog/root.json`: `{"version": 1, "segments": [names]}`, the one object ever replaced,
///   and only on `If-Match` with the ETag it was read with (created on `If-None-Match: *`).
///
/// The catalog is the segments the root names, merged key by key by the newer-fetch rule
/// (``CatalogEntry/newerFetch(_:_:)``). A push writes its segment, then adds its name to the
/// root; when another push replaced the root in between (412 or 409), it reads the root again
/// and adds its name to that one. So a push never drops another's segment, and an entry is
/// visible only once its segment (and, before it, its blobs) is whole.
struct RemoteCatalog: Sendable {
    let remote: Remote

    /// Past this many segments, the push that adds one merges them all into one.
    static let segmentLimit = 16
    /// A root this many pushes in a row could not replace means the remote is not working as
    /// S3 does; said, rather than tried forever.
    static let attempts = 100

    struct CatalogRoot: Codable, Equatable {
        var version = 1
        var segments: [String] = []
    }

    private struct SegmentLine: Codable {
        let key: String
        let entry: CatalogEntry
    }

    var rootKey: String { remote.url.key("catalog/root.json") }

    func segmentKey(_ name: String) -> String { remote.url.key("catalog/segments/\(name).jsonl") }

    /// The root, its ETag (nil when there is none yet), and the merged entries of its segments.
    func read() async throws -> (root: CatalogRoot, etag: String?, entries: [String: CatalogEntry]) {
        let (root, etag) = try await readRoot()
        return (root, etag, try await entries(of: root.segments))
    }

    /// Adds `entries` to the catalog: writes their segment, then names it in the root.
    /// Returns the number of entries written.
    @discardableResult
    func add(_ entries: [String: CatalogEntry]) async throws -> Int {
        guard !entries.isEmpty else { return 0 }
        let name = try await writeSegment(entries)
        for attempt in 1...Self.attempts {
            var (root, etag) = try await readRoot()
            // Already there: an earlier try succeeded though its answer was lost.
            if root.segments.contains(name) { return entries.count }
            root.segments.append(name)
            if root.segments.count > Self.segmentLimit {
                // Every segment this root names, merged: what replaces them loses nothing of them.
                root.segments = [try await writeSegment(try await self.entries(of: root.segments))]
            }
            let bytes = try Self.encode(root)
            let outcome = try await remote.request { () async throws(StorageFailure) in
                try await remote.bucket.put(rootKey, bytes, condition: etag.map { .matches($0) } ?? .absent)
            }
            if case .written = outcome { return entries.count }
            // Another push replaced the root first: read it again, after a moment that grows
            // and varies, so that a crowd of pushers does not collide in step.
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...(20 + 10 * min(attempt, 30)))))
        }
        throw ReaderError.network(
            url: "s3://\(remote.url.bucket)/\(rootKey)",
            reason: "the catalog's root changed under each of \(Self.attempts) attempts to replace it; run the push again")
    }

    private func readRoot() async throws -> (CatalogRoot, String?) {
        let object = try await remote.request { () async throws(StorageFailure) in try await remote.bucket.get(rootKey, limit: 16 << 20) }
        guard let object else { return (CatalogRoot(), nil) }
        guard let root = try? JSONDecoder().decode(CatalogRoot.self, from: Data(object.bytes)), root.version == 1,
            root.segments.allSatisfy(Self.isSegmentName)
        else {
            throw ReaderError.damaged(what: "the remote catalog s3://\(remote.url.bucket)/\(rootKey)", reason: "not a catalog root")
        }
        // An object that exists has an ETag; without one, the root could not be replaced safely.
        guard let etag = object.etag, !etag.isEmpty else {
            throw ReaderError.network(
                url: "s3://\(remote.url.bucket)/\(rootKey)", reason: "the server sent no ETag, which conditional writes need")
        }
        return (root, etag)
    }

    private func entries(of segments: [String]) async throws -> [String: CatalogEntry] {
        var merged: [String: CatalogEntry] = [:]
        for name in segments {
            for (key, entry) in try await readSegment(name) {
                merged[key] = merged[key].map { CatalogEntry.newerFetch($0, entry) } ?? entry
            }
        }
        return merged
    }

    private func readSegment(_ name: String) async throws -> [(String, CatalogEntry)] {
        let key = segmentKey(name)
        let damaged = { (reason: String) in
            ReaderError.damaged(what: "the remote catalog segment s3://\(remote.url.bucket)/\(key)", reason: reason)
        }
        let object = try await remote.request { () async throws(StorageFailure) in try await remote.bucket.get(key, limit: 1 << 30) }
        guard let object else { throw damaged("missing (the root names it)") }
        guard SignatureV4.payloadHash(object.bytes) == name else { throw damaged("its content does not match its name") }
        let decoder = JSONDecoder()
        return try object.bytes.split(separator: UInt8(ascii: "\n")).map { line in
            guard let decoded = try? decoder.decode(SegmentLine.self, from: Data(line)) else {
                throw damaged("a line is not a catalog entry")
            }
            return (decoded.key, decoded.entry)
        }
    }

    /// Writes the segment of `entries` (sorted by key, so the same entries make the same
    /// segment) if it is not there; returns its name.
    private func writeSegment(_ entries: [String: CatalogEntry]) async throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for key in entries.keys.sorted() {
            guard let entry = entries[key] else { continue }
            bytes += try encoder.encode(SegmentLine(key: key, entry: entry))
            bytes.append(UInt8(ascii: "\n"))
        }
        let name = SignatureV4.payloadHash(bytes)
        _ = try await remote.request { () async throws(StorageFailure) in
            try await remote.bucket.put(segmentKey(name), bytes, condition: .absent)
        }
        return name
    }

    private static func encode(_ root: CatalogRoot) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(root))
    }

    private static func isSegmentName(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }
}
