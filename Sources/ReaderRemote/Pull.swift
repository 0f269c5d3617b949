import ObjectStorage
import ReaderCatalog
import ReaderStore
import ReaderSupport
import Synchronization

extension Remote {
    /// Takes into `store` what the remote has and the store lacks (or holds an older fetch
    /// of): for each such entry, its blobs' files are streamed from the remote to temporary
    /// files, checked against their names as they come (``PulledBlob``) and placed as any blob
    /// is (``Store/adopt(key:entry:staged:)``), then the entry is recorded. An entry whose key
    /// breaks the key rule (``CatalogKey``: a name that does not begin with its source, a
    /// newline, `../`…) is skipped and counted, as is one that would replace a stored document
    /// of another source. `keys`: only these keys (``Reader/open(_:)`` of something not
    /// stored); nil: all.
    public func pull(
        into store: Store, keys: Set<String>? = nil, jobs: Int, progress: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) async throws -> TransferResult {
        let remoteEntries = try await RemoteCatalog(remote: self).read().entries
        // A pull into a store that does not exist yet (a teammate's first `reader pull`): its
        // folder before the first blob takes `writers.lock` in it.
        try store.prepare()
        var result = TransferResult(remote: url.description)
        var toTake: [(key: String, entry: CatalogEntry)] = []
        for (key, entry) in remoteEntries where keys?.contains(key) ?? true {
            let ours = try store.entry(key)
            if let problem = CatalogKey.problem(key, sources: [entry.requestType]) {
                result.refuse(key, problem)
            } else if let ours, ours.requestType != entry.requestType {
                result.refuse(key, "the store holds it from '\(ours.requestType)', the remote from '\(entry.requestType)'")
            } else if let ours, !ours.isReplaced(by: entry) {
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
            let pulled = try await withThrowingTaskGroup(of: PulledBlob.self) { group in
                for id in Set(entry.blobs) where !store.blobs.contains(id) {
                    group.addTask { try await self.fetch(id, of: key, into: store) }
                }
                var pulled: [PulledBlob] = []
                for try await blob in group { pulled.append(blob) }
                return pulled
            }
            defer { for blob in pulled { blob.discard() } }
            let recorded: Bool
            do {
                var staged: [BlobID: BlobStore.StagedBlob] = [:]
                for blob in pulled { staged[blob.id] = try blob.finish() }
                let ready = staged
                recorded = try await BlockingWork.run { try store.adopt(key: key, entry: entry, staged: ready) }.recorded
            } catch ReaderError.damaged(let what, let reason) where what.hasPrefix("blob ") {
                // A fetched blob that does not read back as its name: the remote's damage (or
                // a hostile remote's), refused before it entered the store.
                throw ReaderError.damaged(what: "\(what) of \(key) on \(url)", reason: reason)
            }
            let bytes = pulled.reduce(0) { $0 + $1.size }
            counts.withLock {
                $0.fetched += pulled.count
                $0.bytes += bytes
                if recorded { $0.entries += 1 } else { $0.current += 1 }
            }
            for blob in pulled { progress(.blob(bytes: blob.size)) }
        }
        store.foldIndex()
        try store.compactCatalog()
        counts.withLock {
            result.blobsMoved = $0.fetched
            result.bytes = $0.bytes
            result.entries = $0.entries
            result.entriesCurrent += $0.current
        }
        return result
    }

    /// Streams blob `id`'s file from the remote into a ``PulledBlob``.
    private func fetch(_ id: BlobID, of key: String, into store: Store) async throws -> PulledBlob {
        let blob = try PulledBlob(id, into: store)
        do {
            let found = try await request { () async throws(StorageFailure) in
                try await bucket.stream(self.key(of: id), limit: store.blobs.readLimit + store.blobs.readLimit / 1000 + 64) {
                    blob.write($0)
                }
            }
            guard found else {
                throw ReaderError.damaged(what: "blob \(id) of \(key) on \(url)", reason: "missing (the remote catalog names it)")
            }
        } catch {
            // The blob's own refusal (damage, a full disk) says more than "refused as it arrived".
            blob.discard()
            if let failure = blob.failure {
                if case ReaderError.damaged(let what, let reason) = failure {
                    throw ReaderError.damaged(what: "\(what) of \(key) on \(url)", reason: reason)
                }
                throw failure
            }
            throw error
        }
        return blob
    }
}
