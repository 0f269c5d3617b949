import Crypto
import ReaderPluginAPI

/// A blob written as its bytes come: each piece is hashed and looked through for secrets as
/// it arrives. A small body (most RFCs, pages and timelines) is kept in memory and compressed
/// in one go when it is placed; one that grows past ``spillLimit`` goes on, piece by piece, to
/// a temporary file in `objects/`, deflated as it comes. So a download costs at most the
/// limit in memory, not its size, however many run at once (`--jobs`). Only ``place()`` gives
/// the blob its name — after the parse and the secret check — so the store never shows a blob
/// that no catalog entry was meant to name, half-made.
///
/// While it has a temporary file it holds `writers.lock` shared: `gc`, which removes every
/// temporary file, waits for it. Owned by one request at a time.
final class IncomingBlob: @unchecked Sendable {
    /// Bytes kept in memory before the rest goes to a file: a little more than most RFCs.
    static let spillLimit = 256 << 10

    private let blobs: BlobStore
    private let writersLockPath: String
    private var hasher = SHA256()
    private var scanner: SecretFilter.Scanner
    /// The bytes, while they are few.
    private var kept: [UInt8] = []
    /// Once they are not: the file, its compressor, and the lock that keeps `gc` away.
    private var spilled: (file: TemporaryFile, deflater: Zlib.Deflater, lock: FileLock)?
    /// Bytes written so far (uncompressed).
    private(set) var count = 0
    /// The first bytes, for recognising what kind of document it is.
    private(set) var prefix: [UInt8] = []
    private var id: BlobID?
    private var failure: ReaderError?

    init(blobs: BlobStore, writersLock: String, secrets: SecretFilter) {
        self.blobs = blobs
        writersLockPath = writersLock
        scanner = SecretFilter.Scanner(secrets)
    }

    deinit { discard() }

    /// Whether any byte written carries a secret the process holds.
    var carriesSecret: Bool { scanner.found }

    func write(_ piece: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        count += piece.count
        if prefix.count < Sample.prefixLength { prefix += piece.prefix(Sample.prefixLength - prefix.count) }
        hasher.update(bufferPointer: piece)
        scanner.scan(piece)
        do {
            if spilled == nil && count > Self.spillLimit { try spill() }
            if let spilled {
                try spilled.deflater.update(piece) { try spilled.file.write($0) }
            } else {
                kept.append(contentsOf: piece)
            }
        } catch {
            let error = Self.readerError(error)
            failure = error
            throw error
        }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// ``write(_:)`` for writers that cannot throw (the document's JSON): a failure is kept
    /// and thrown by ``finish()``.
    func append(_ bytes: [UInt8]) {
        _ = try? write(bytes)
    }

    /// Moves what is kept to a temporary file, and everything after it.
    private func spill() throws {
        let lock = try FileLock(path: writersLockPath, mode: .shared)
        let file = try TemporaryFile(in: blobs.folder)
        let deflater = try Zlib.Deflater(level: BlobStore.fetchLevel)
        try kept.withUnsafeBytes { bytes in try deflater.update(bytes) { try file.write($0) } }
        kept = []
        spilled = (file, deflater, lock)
    }

    /// Ends the stream; the blob's ID. Nothing is visible in the store yet.
    @discardableResult
    func finish() throws -> BlobID {
        if let failure { throw failure }
        if let id { return id }
        if let spilled {
            do {
                try spilled.deflater.finish { try spilled.file.write($0) }
                try spilled.file.flush()
            } catch {
                let error = Self.readerError(error)
                failure = error
                throw error
            }
        }
        let id = BlobID(digest: hasher.finalize())
        self.id = id
        return id
    }

    /// Every byte written: from memory for a small body, else inflated from the file.
    func bytes() throws -> [UInt8] {
        try finish()
        guard let spilled else { return kept }
        let stored: [UInt8]
        do {
            stored = try spilled.file.contents()
        } catch {
            throw Self.readerError(error)
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        do {
            _ = try Zlib.inflate(stored) { chunk, produced in
                guard produced <= count else { throw Zlib.Failure(description: "more bytes than were written") }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw ReaderError.storage("cannot read back \(spilled.file.path): \(error)")
        }
        return bytes
    }

    /// The blob's file, written under a temporary name for ``Store/place(_:)`` to name; nil
    /// when an intact blob of that name is there already.
    func stage() throws -> BlobStore.StagedBlob? {
        let id = try finish()
        if blobs.contains(id), blobs.isIntact(id) { return nil }
        guard let spilled else { return try blobs.stage(try Zlib.compress(kept, level: BlobStore.fetchLevel), as: id) }
        do {
            try FileSystem.makeFolders(FileSystem.parent(of: blobs.path(of: id)))
            try spilled.file.flush()
        } catch {
            throw Self.readerError(error)
        }
        return BlobStore.StagedBlob(file: spilled.file, path: blobs.path(of: id))
    }

    /// Forgets the blob: the temporary file goes, and the lock with it.
    func discard() {
        spilled?.file.remove()
        spilled = nil
        kept = []
    }

    private static func readerError(_ error: any Error) -> ReaderError {
        switch error {
        case let failure as FileSystem.Failure: failure.readerError
        case let error as ReaderError: error
        default: .storage("\(error)")
        }
    }
}
