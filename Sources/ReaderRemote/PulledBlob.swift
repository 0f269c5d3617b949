import ReaderStore
import ReaderSupport

/// A blob's file coming from a remote, written as its bytes arrive: each piece goes to a
/// temporary file beside the blob's name and through zlib's stream, whose output is hashed
/// and counted, so a pull holds a piece and zlib's window in memory, never the blob
/// (`reader pull` of 1 GiB blobs held each whole, three times over). ``finish()`` checks that
/// the file is one whole zlib stream that inflates to bytes hashing to the blob's name, within
/// the store's read limit, before anything may name it (``Store/adopt(key:entry:staged:)``).
///
/// It holds `writers.lock` shared from the first byte to the end, as ``IncomingBlob`` does:
/// `gc`, which removes every temporary file, waits for it. Owned by one request at a time.
final class PulledBlob: @unchecked Sendable {
    let id: BlobID
    private let blobs: BlobStore
    private let lock: FileLock
    private let file: TemporaryFile
    private let check: StreamedBlobCheck
    /// Why the bytes were refused as they came, if they were.
    private(set) var failure: (any Error)?

    init(_ id: BlobID, into store: Store) throws {
        self.id = id
        blobs = store.blobs
        do {
            lock = try FileLock(path: store.writersLockPath, mode: .shared)
            try FileSystem.makeFolders(FileSystem.parent(of: blobs.path(of: id)))
            file = try TemporaryFile(in: FileSystem.parent(of: blobs.path(of: id)))
            check = StreamedBlobCheck(id, limit: blobs.readLimit)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// Bytes of the file so far (compressed, as the remote holds them).
    var size: Int { file.size }

    /// Takes one piece; false (with ``failure`` set) once the bytes cannot be this blob.
    func write(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        do {
            // zlib never stores more than ~0.03% over the bytes, so a larger file is not a blob.
            guard file.size + piece.count <= blobs.readLimit + blobs.readLimit / 1000 + 64 else {
                throw ReaderError.damaged(what: "blob \(id)", reason: "larger than a blob can be")
            }
            try file.write(piece)
            guard check.take(piece) else { throw check.failure ?? ReaderError.damaged(what: "blob \(id)", reason: "refused") }
            return true
        } catch let error as FileSystem.Failure {
            failure = error.readerError
        } catch {
            failure = error
        }
        return false
    }

    /// The file, checked, to be placed under the blob's name; throws ``failure`` or
    /// `ReaderError.damaged` for bytes that are not the blob.
    func finish() throws -> BlobStore.StagedBlob {
        if let failure { throw failure }
        try check.finish()
        do {
            try file.flush()
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
        return BlobStore.StagedBlob(file: file, path: blobs.path(of: id))
    }

    /// Ends it: the temporary file goes (a no-op once placed); the lock goes with the object.
    func discard() {
        file.remove()
    }
}
