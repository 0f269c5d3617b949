import ObjectStorage
import Synchronization

extension Remote {
    /// Sends what `store` has and the remote lacks: first every blob the entries to send name
    /// (the same bytes as on disk, checked against their names, each written only if absent),
    /// then one catalog segment of those entries, then the root naming it. Killed at any
    /// moment, it leaves at most blobs no entry names yet; run again, it sends what is missing.
    public func push(
        _ store: Store, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        let local = try store.catalog.read()
        try await checkConditionalWrites()
        let catalog = RemoteCatalog(remote: self)
        let remoteEntries = try await catalog.read().entries
        var result = TransferResult(remote: url.description)
        var toSend: [String: CatalogEntry] = [:]
        for (key, entry) in local.entries {
            if let theirs = remoteEntries[key], !theirs.isReplaced(by: entry) {
                result.entriesCurrent += 1
            } else {
                toSend[key] = entry
            }
        }
        let needed = Set(toSend.values.flatMap(\.blobs))
        let listed = try await request { () async throws(StorageFailure) in try await bucket.list(prefix: url.key("objects/")) }
        let present = Set(listed.compactMap { blob(named: $0.key) })
        let missing = needed.subtracting(present).sorted()
        result.blobsPresent = needed.count - missing.count
        progress(.planned(blobs: missing.count))
        let counts = Mutex((sent: 0, present: 0, bytes: 0))
        try await concurrently(missing, jobs: jobs) { id in
            let bytes = try store.blobs.checkedStoredBytes(of: id)
            let outcome = try await request { () async throws(StorageFailure) in
                try await bucket.put(key(of: id), bytes, condition: .absent)
            }
            // A 412: someone else wrote it since the listing; the same name is the same bytes.
            let sent = outcome != .conditionFailed
            counts.withLock {
                if sent { $0.sent += 1; $0.bytes += bytes.count } else { $0.present += 1 }
            }
            progress(.blob(bytes: sent ? bytes.count : 0))
        }
        counts.withLock {
            result.blobsMoved = $0.sent
            result.blobsPresent += $0.present
            result.bytes = $0.bytes
        }
        result.entries = try await catalog.add(toSend)
        return result
    }
}
