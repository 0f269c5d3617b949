import Foundation
import ReaderSupport
import Synchronization

/// `reader cache gc --repack`: blobs written fast at fetch time (``BlobStore/fetchLevel``) are
/// deflated again densely (``BlobStore/denseLevel``), as git packs loose objects later rather
/// than when it writes them. A blob stays what the contract says — one zlib stream, named by
/// the SHA-256 of its uncompressed bytes, the same bytes — only smaller.
///
/// Which blobs: those whose zlib header does not say "maximum compression" (FLEVEL 3, RFC 1950
/// §2.2, which libdeflate sets from level 8 on): every blob a fetch wrote, and those of stores
/// written before. Each is read and checked against its name, deflated again, checked again
/// from its new bytes, and put in its place as a fetch places a blob (a temporary file in the
/// same folder, fsync, rename, fsync of the folder) under `writers.lock` shared, so that `gc`
/// never takes the temporary file for a stale one. Killed at any instant, every name holds the
/// old blob or the new one, whole; a blob that would not shrink is left as it is.
extension Store {
    public struct RepackReport: Sendable, Codable, Equatable {
        public var blobsRepacked = 0
        /// Bytes on disk of the blobs repacked, before and after.
        public var bytesBefore = 0
        public var bytesAfter = 0
    }

    /// Repacks every blob not yet dense, on `jobs` threads at once.
    public func repack(jobs: Int? = nil) throws -> RepackReport {
        let jobs = jobs ?? Cores.available
        try prepare()
        let candidates = blobs.inventory().blobs
        let report = Mutex(RepackReport())
        let failure = Mutex<ReaderError?>(nil)
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, candidates.count))) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < candidates.count else { return }
                let blob = candidates[index]
                do {
                    guard let (before, after) = try repack(blob.id) else { continue }
                    report.withLock {
                        $0.blobsRepacked += 1
                        $0.bytesBefore += before
                        $0.bytesAfter += after
                    }
                } catch let error as ReaderError {
                    failure.withLock { $0 = $0 ?? error }
                } catch {
                    failure.withLock { $0 = $0 ?? .storage("\(error)") }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return report.withLock { $0 }
    }

    /// Repacks one blob; its sizes before and after, or nil when it was left as it is.
    private func repack(_ id: BlobID) throws -> (Int, Int)? {
        let path = blobs.path(of: id)
        // Gone since the listing (a gc beside this one): nothing to do.
        guard let stored = try? FileSystem.read(path, limit: blobs.readLimit + blobs.readLimit / 1000 + 64),
            stored.count >= 2, !BlobStore.isDense(stored)
        else { return nil }
        let bytes = try blobs.get(id)
        let dense = try Zlib.compress(bytes, level: BlobStore.denseLevel)
        guard dense.count < stored.count else { return nil }
        try blobs.check(stored: dense, as: id)
        try withWritersLock {
            do {
                try FileSystem.writeAtomically(dense, to: path)
            } catch let failure as FileSystem.Failure {
                throw failure.readerError
            }
        }
        return (stored.count, dense.count)
    }
}
