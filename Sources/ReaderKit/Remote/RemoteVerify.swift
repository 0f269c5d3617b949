import ObjectStorage
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
            let object = try await request { () async throws(StorageFailure) in
                try await bucket.get(key(of: id), limit: blobs.readLimit + blobs.readLimit / 1000 + 64)
            }
            do {
                guard let object else { throw ReaderError.damaged(what: "blob \(id)", reason: "missing") }
                try blobs.check(stored: object.bytes, as: id)
            } catch let error as ReaderError {
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
