import Crypto
import ObjectStorage
import ReaderStore
import ReaderSupport
import Synchronization

extension Remote {
    /// `reader cache verify --remote`: every segment the root names reads and hashes to its
    /// name (``RemoteCatalog``), and every blob its entries name is on the remote and inflates
    /// to bytes that hash to its name — checked by `blobs`' rules, each fetched once, at most
    /// `jobs` at once. Problems are named as `verify` names them; nothing is changed.
    public func verify(using blobs: BlobStore, jobs: Int) async throws -> Store.Verification {
        let entries = try await RemoteCatalog(remote: self).read().entries
        var namedBy: [BlobID: String] = [:]
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            for id in entry.blobs where namedBy[id] == nil { namedBy[id] = key }
        }
        let listed = try await request { () async throws(StorageFailure) in try await bucket.list(prefix: url.key("objects/")) }
        let present = Set(listed.compactMap { blob(named: $0.key) })
        var problems = namedBy.keys.filter { !present.contains($0) }.sorted().map { id in
            Store.Problem(
                kind: "blob", name: "\(url)/objects/\(id.hex.prefix(2))/\(id.hex.dropFirst(2))",
                reason: "missing (named by \(namedBy[id] ?? "?"))")
        }
        let names = namedBy
        let damaged = Mutex<[Store.Problem]>([])
        try await concurrently(namedBy.keys.filter(present.contains).sorted(), jobs: jobs) { id in
            // Streamed through zlib and the hash as it comes: a piece in memory, not the blob.
            let check = StreamedBlobCheck(id, limit: blobs.readLimit)
            do {
                let found = try await request { () async throws(StorageFailure) in
                    try await bucket.stream(key(of: id), limit: blobs.readLimit + blobs.readLimit / 1000 + 64) { check.take($0) }
                }
                guard found else { throw ReaderError.damaged(what: "blob \(id)", reason: "missing") }
                try check.finish()
            } catch let error as ReaderError {
                let error = check.failure ?? error
                guard case .damaged(_, let reason) = error else { throw error }
                let problem = Store.Problem(
                    kind: "blob", name: "\(url)/objects/\(id.hex.prefix(2))/\(id.hex.dropFirst(2))",
                    reason: "\(reason) (named by \(names[id] ?? "?"))")
                damaged.withLock { $0.append(problem) }
            }
        }
        problems += damaged.withLock { $0 }.sorted { $0.name < $1.name }
        return Store.Verification(blobsChecked: namedBy.count, entriesChecked: entries.count, problems: problems)
    }
}

/// Checks a blob's file as it streams in: one whole zlib stream, inflating to at most `limit`
/// bytes that hash to the blob's name; nothing is kept. Owned by one request at a time.
final class StreamedBlobCheck: @unchecked Sendable {
    let id: BlobID
    private let limit: Int
    private let inflater: Zlib.Inflater?
    private var hasher = SHA256()
    private var size = 0
    /// Why the bytes are not the blob, once that is known.
    private(set) var failure: ReaderError?

    init(_ id: BlobID, limit: Int) {
        self.id = id
        self.limit = limit
        inflater = try? Zlib.Inflater()
    }

    /// Takes one piece; false once the bytes cannot be the blob.
    func take(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        size += piece.count
        do {
            guard let inflater else { throw Zlib.Failure(description: "zlib inflateInit failed") }
            try inflater.update(piece) { out in
                guard inflater.total <= limit else { throw Zlib.Failure(description: "blob expands beyond \(limit) bytes") }
                hasher.update(bufferPointer: out)
            }
            return true
        } catch {
            failure = .damaged(what: "blob \(id)", reason: "\(error)")
            return false
        }
    }

    func finish() throws {
        if let failure { throw failure }
        guard size > 0 else { throw ReaderError.damaged(what: "blob \(id)", reason: "empty file") }
        guard inflater?.ended == true else { throw ReaderError.damaged(what: "blob \(id)", reason: "not a complete zlib stream") }
        guard BlobID(digest: hasher.finalize()) == id else {
            throw ReaderError.damaged(what: "blob \(id)", reason: "content does not match its hash")
        }
    }
}
