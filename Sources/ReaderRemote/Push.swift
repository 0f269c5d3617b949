import ObjectStorage
import ReaderCatalog
import ReaderStore
import ReaderSupport
import Synchronization

extension Remote {
    /// Sends what `store` has and the remote lacks: first every blob the entries to send name
    /// (the same bytes as on disk, checked against their names, each written only if absent),
    /// then one catalog segment of those entries, then the root naming it. A blob the remote
    /// catalog names with an entry the store holds too, but which the remote lacks, is sent
    /// again (a repair). Killed at any moment, it leaves at most objects no entry names yet; run
    /// again, it sends what is missing.
    public func push(
        _ store: Store, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        let local = try store.catalog.read()
        try await checkConditionalWrites()
        let catalog = RemoteCatalog(remote: self)
        let (snapshot, remoteEntries) = try await catalog.read()
        var result = TransferResult(remote: url.description)
        var toSend: [String: CatalogEntry] = [:]
        var alreadyNamed = Set<BlobID>()
        for (key, entry) in local.entries {
            if let theirs = remoteEntries[key], !theirs.isReplaced(by: entry) {
                result.entriesCurrent += 1
                if theirs == entry { alreadyNamed.formUnion(entry.blobs) }
            } else {
                toSend[key] = entry
            }
        }
        let needed = Set(toSend.values.flatMap(\.blobs))
        // The generation the listing below is seen in: none while a sweep is under way, so that
        // the commit lists again once it has ended.
        let state = snapshot.root.collection
        let checked = state.sweep?.isUnderWay(at: snapshot.serverTime) == true ? nil : state.generation
        let present = Set(try await listObjects(in: ["objects/"]).keys)
        let missing = needed.union(alreadyNamed).filter { !present.contains(Self.blobName($0)) }.sorted()
        result.blobsPresent = needed.subtracting(missing).count
        progress(.planned(blobs: missing.count))
        let counts = Mutex((sent: 0, present: 0, bytes: 0))
        let send: @Sendable ([BlobID]) async throws -> Void = { ids in
            try await concurrently(ids, jobs: jobs) { id in
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
        }
        try await send(missing)
        result.entries = try await catalog.add(
            toSend, naming: needed, checked: checked,
            restore: send,
            waiting: { until in progress(.waiting(until: until)) })
        counts.withLock {
            result.blobsMoved = $0.sent
            result.blobsPresent += $0.present
            result.bytes = $0.bytes
        }
        return result
    }
}
