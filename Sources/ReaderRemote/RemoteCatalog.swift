import Foundation
import ObjectStorage
import ReaderCatalog
import ReaderSupport

/// The catalog on a remote, shared by everyone who pushes, with no lock server:
///
/// - `catalog/segments/<sha256>.jsonl`: immutable segments, one `{"key": …, "entry": …}` line
///   per entry, named by the hash of their bytes and written only if absent
///   (`If-None-Match: *`), so a segment is whole or not there, and writing it twice is harmless;
/// - `catalog/root.json` (``RemoteRoot``): the segments, and the state of `gc --remote`; the
///   one object ever replaced, and only on `If-Match` with the ETag it was read with (created
///   on `If-None-Match: *`).
///
/// The catalog is the segments the root names, merged key by key by the newer-fetch rule
/// (``CatalogEntry/merged(_:_:)``: the newer fetch, with the versions of both). A push writes its segment, then adds its name to the
/// root (`RemoteCatalog+Commit.swift`); when another push replaced the root in between (412
/// or 409), it reads the root again and adds its name to that one. So a push never drops
/// another's segment, and an entry is visible only once its segment (and, before it, its
/// blobs) is whole.
struct RemoteCatalog: Sendable {
    let remote: Remote

    /// Past this many segments, the push that adds one merges them all into one.
    static let segmentLimit = 16
    /// A root this many pushes in a row could not replace means the remote is not working as
    /// S3 does; said, rather than tried forever.
    static let attempts = 100

    /// The root as read: its ETag (nil when there is none yet) and the server's clock then.
    struct Snapshot {
        var root: RemoteRoot
        var etag: String?
        var serverTime: Int?
    }

    private struct SegmentLine: Codable {
        let key: String
        let entry: CatalogEntry
    }

    var rootKey: String { remote.url.key("catalog/root.json") }

    /// A segment's key, relative to the prefix.
    static func segmentName(_ name: String) -> String { "catalog/segments/\(name).jsonl" }

    /// The root and the merged entries of its segments.
    func read() async throws -> (snapshot: Snapshot, entries: [String: CatalogEntry]) {
        let snapshot = try await readRoot()
        return (snapshot, try await entries(of: snapshot.root.segments))
    }

    func readRoot() async throws -> Snapshot {
        let (object, serverTime) = try await remote.request { () async throws(StorageFailure) in
            try await remote.bucket.fetch(rootKey, limit: 16 << 20)
        }
        guard let object else { return Snapshot(root: RemoteRoot(), etag: nil, serverTime: serverTime) }
        guard let root = try? JSONDecoder().decode(RemoteRoot.self, from: Data(object.bytes)), (1...2).contains(root.version),
            root.segments.allSatisfy(Self.isHashName),
            [root.gc?.mark?.objects, root.gc?.sweep?.objects].allSatisfy({ $0.map(Self.isHashName) ?? true })
        else {
            throw ReaderError.damaged(what: "the remote catalog s3://\(remote.url.bucket)/\(rootKey)", reason: "not a catalog root")
        }
        // An object that exists has an ETag; without one, the root could not be replaced safely.
        guard let etag = object.etag, !etag.isEmpty else {
            throw ReaderError.network(
                url: "s3://\(remote.url.bucket)/\(rootKey)", reason: "the server sent no ETag, which conditional writes need")
        }
        return Snapshot(root: root, etag: etag, serverTime: serverTime)
    }

    /// Replaces the root read as `snapshot` with `root`, only if it is still that one.
    func replaceRoot(_ root: RemoteRoot, readAs snapshot: Snapshot) async throws -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(root))
        let outcome = try await remote.request { () async throws(StorageFailure) in
            try await remote.bucket.put(rootKey, bytes, condition: snapshot.etag.map { .matches($0) } ?? .absent)
        }
        if case .written = outcome { return true }
        return false
    }

    func entries(of segments: [String]) async throws -> [String: CatalogEntry] {
        var merged: [String: CatalogEntry] = [:]
        for name in segments {
            for (key, entry) in try await readSegment(name) {
                merged[key] = merged[key].map { CatalogEntry.merged($0, entry) } ?? entry
            }
        }
        return merged
    }

    /// The objects `root` keeps alive, as keys relative to the prefix: its segments, the blobs
    /// of the entries they merge into (a blob only a replaced fetch named is not kept), and
    /// the lists of its collection state.
    func named(by root: RemoteRoot) async throws -> Set<String> {
        var named = Set(root.segments.map(Self.segmentName))
        for entry in try await entries(of: root.segments).values {
            for id in entry.blobs { named.insert(Remote.blobName(id)) }
        }
        for list in [root.gc?.mark?.objects, root.gc?.sweep?.objects].compactMap({ $0 }) { named.insert(Self.listName(list)) }
        return named
    }

    private func readSegment(_ name: String) async throws -> [(String, CatalogEntry)] {
        let key = remote.url.key(Self.segmentName(name))
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
    func writeSegment(_ entries: [String: CatalogEntry]) async throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for key in entries.keys.sorted() {
            guard let entry = entries[key] else { continue }
            bytes += try encoder.encode(SegmentLine(key: key, entry: entry))
            bytes.append(UInt8(ascii: "\n"))
        }
        return try await writeNamedByHash(bytes) { Self.segmentName($0) }
    }

    /// Writes `bytes` under the name `path` makes of their hash, if absent; returns the hash.
    func writeNamedByHash(_ bytes: [UInt8], path: (String) -> String) async throws -> String {
        let name = SignatureV4.payloadHash(bytes)
        _ = try await remote.request { () async throws(StorageFailure) in
            try await remote.bucket.put(remote.url.key(path(name)), bytes, condition: .absent)
        }
        return name
    }

    static func isHashName(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }
}
