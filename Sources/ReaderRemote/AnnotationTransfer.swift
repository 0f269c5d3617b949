import ObjectStorage
import ReaderStore
import ReaderSupport
import Synchronization

/// Notes, tags and marks through the remote: under the prefix, `annotations/<document>/<record>`
/// holds each record file with the same bytes and name as in the store (``AnnotationShelf``).
/// Records are immutable and named by their hash, so sharing them is a union: a push writes
/// the records the remote lacks, each `If-None-Match: *`, and a pull takes the ones the store
/// lacks. Two people annotating the same document at once each add their own objects; none
/// replaces another's, so nothing is lost. No catalog names them: `gc --remote` collects only
/// the shapes it writes (``CollectableName``), so it never removes a record.
extension Remote {
    static let annotationFolder = "annotations/"

    /// Sends the records the remote lacks; returns how many were written.
    public func pushAnnotations(_ store: Store, jobs: Int) async throws -> Int {
        let local = try store.annotations.names()
        guard !local.isEmpty else { return 0 }
        let present = try await remoteAnnotations()
        let sent = Mutex(0)
        try await concurrently(local.filter { !present.contains($0) }, jobs: jobs) { name in
            guard let bytes = try store.annotations.bytes(of: name) else { return }
            let outcome = try await request { () async throws(StorageFailure) in
                try await bucket.put(url.key(Self.annotationFolder + name), bytes, condition: .absent)
            }
            // A 412: someone else wrote it since the listing; the same name is the same bytes.
            if outcome != .conditionFailed { sent.withLock { $0 += 1 } }
        }
        return sent.withLock { $0 }
    }

    /// Takes the records the store lacks: each checked against its name and read as a record
    /// before it is kept (anyone who may write the prefix may have written it). Returns how
    /// many were kept and how many refused.
    public func pullAnnotations(into store: Store, jobs: Int) async throws -> (taken: Int, refused: Int) {
        let missing = try await remoteAnnotations().filter { !store.annotations.contains($0) }.sorted()
        let counts = Mutex((taken: 0, refused: 0))
        try await concurrently(missing, jobs: jobs) { name in
            let object: Bucket.Object?
            do {
                object = try await bucket.get(url.key(Self.annotationFolder + name), limit: AnnotationRecord.maxRecordBytes)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                // Too long to be a record (or unreadable): refused, the pull goes on.
                counts.withLock { $0.refused += 1 }
                return
            }
            guard let object else { return }
            let kept = try await BlockingWork.run { try store.annotations.adopt(name, bytes: object.bytes) }
            counts.withLock { if kept { $0.taken += 1 } else { $0.refused += 1 } }
        }
        return counts.withLock { $0 }
    }

    /// The relative names (`<document>/<record>`) of the remote's record objects; objects of
    /// any other shape under `annotations/` are not ours and are left alone.
    private func remoteAnnotations() async throws -> Set<String> {
        let start = url.key(Self.annotationFolder)
        let listed = try await request { () async throws(StorageFailure) in try await bucket.list(prefix: start) }
        return Set(
            listed.compactMap { key, _ in
                guard key.hasPrefix(start) else { return nil }
                let name = String(key.dropFirst(start.count))
                return AnnotationShelf.isRecordName(name) ? name : nil
            })
    }
}
