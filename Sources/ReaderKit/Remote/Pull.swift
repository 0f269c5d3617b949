import ObjectStorage
import Synchronization

extension Remote {
    /// Takes into `store` what the remote has and the store lacks (or holds an older fetch
    /// of): for each such entry, its blobs' files are fetched, checked against their names and
    /// placed as any blob is (``Store/adopt(key:entry:blobs:)``), then the entry is recorded.
    /// `keys`: only these keys (``Reader/open(_:)`` of something not stored); nil: all.
    public func pull(
        into store: Store, keys: Set<String>? = nil, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        let remoteEntries = try await RemoteCatalog(remote: self).read().entries
        var result = TransferResult(remote: url.description)
        var toTake: [(key: String, entry: CatalogEntry)] = []
        for (key, entry) in remoteEntries where keys?.contains(key) ?? true {
            if let ours = try store.entry(key), !ours.isReplaced(by: entry) {
                result.entriesCurrent += 1
            } else {
                toTake.append((key, entry))
            }
        }
        toTake.sort { $0.key < $1.key }
        let needed = Set(toTake.flatMap(\.entry.blobs))
        let missing = needed.filter { !store.blobs.contains($0) }
        result.blobsPresent = needed.count - missing.count
        progress(.planned(blobs: missing.count))
        let counts = Mutex((fetched: 0, bytes: 0, entries: 0, current: 0))
        try await concurrently(toTake, jobs: jobs) { key, entry in
            // The entry's blobs (raw and document) at once: a pull waits on the network.
            let stored = try await withThrowingTaskGroup(of: (BlobID, [UInt8]).self) { group in
                for id in Set(entry.blobs) where !store.blobs.contains(id) {
                    group.addTask {
                        let object = try await request { () async throws(StorageFailure) in
                            try await bucket.get(self.key(of: id), limit: store.blobs.readLimit)
                        }
                        guard let object else {
                            throw ReaderError.damaged(
                                what: "blob \(id) of \(key) on \(url)", reason: "missing (the remote catalog names it)")
                        }
                        return (id, object.bytes)
                    }
                }
                var stored: [BlobID: [UInt8]] = [:]
                for try await (id, bytes) in group { stored[id] = bytes }
                return stored
            }
            let recorded: Bool
            do {
                recorded = try await BlockingWork.run { try store.adopt(key: key, entry: entry, blobs: stored) }.recorded
            } catch ReaderError.damaged(let what, let reason) where what.hasPrefix("blob ") {
                // A fetched blob that does not read back as its name: the remote's damage (or
                // a hostile remote's), refused before it entered the store.
                throw ReaderError.damaged(what: "\(what) of \(key) on \(url)", reason: reason)
            }
            let bytes = stored.values.reduce(0) { $0 + $1.count }
            counts.withLock {
                $0.fetched += stored.count
                $0.bytes += bytes
                if recorded { $0.entries += 1 } else { $0.current += 1 }
            }
            for blob in stored.values { progress(.blob(bytes: blob.count)) }
        }
        try store.compactCatalog()
        counts.withLock {
            result.blobsMoved = $0.fetched
            result.bytes = $0.bytes
            result.entries = $0.entries
            result.entriesCurrent += $0.current
        }
        return result
    }
}
