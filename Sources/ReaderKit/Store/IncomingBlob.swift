import Crypto

/// A blob written as its bytes come: each piece is hashed, looked through for secrets,
/// deflated and appended to a temporary file in `objects/`. So a download costs a buffer of
/// memory, not its size, however many run at once (`--jobs`), and a body is never held whole
/// while it arrives. Only ``place()`` gives it its name — after the parse and the secret check
/// — so the store never shows a blob that no catalog entry was meant to name half-made.
///
/// From creation to `place()` or `discard()` it holds `writers.lock` shared: `gc`, which
/// removes every temporary file, waits for it. Owned by one request at a time.
final class IncomingBlob: @unchecked Sendable {
    private let blobs: BlobStore
    private let file: TemporaryFile
    private let deflater: Zlib.Deflater
    private var hasher = SHA256()
    private var scanner: SecretFilter.Scanner
    private let writersLock: FileLock
    /// The bytes themselves while they are few (most RFCs, pages and timelines): parsed from
    /// memory; a larger body is read back from the file when it is parsed.
    private var kept: [UInt8]? = []
    private let keepLimit: Int
    /// Bytes written so far (uncompressed).
    private(set) var count = 0
    /// The first bytes, for recognising what kind of document it is.
    private(set) var prefix: [UInt8] = []
    private var id: BlobID?
    private var failure: ReaderError?

    init(
        blobs: BlobStore, compression: BlobStore.Compression, writersLock: String, secrets: SecretFilter,
        keepLimit: Int = 1 << 20
    ) throws {
        self.blobs = blobs
        self.keepLimit = keepLimit
        scanner = SecretFilter.Scanner(secrets)
        do {
            self.writersLock = try FileLock(path: writersLock, mode: .shared)
            file = try TemporaryFile(in: blobs.folder)
            deflater = try Zlib.Deflater(level: compression.level)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// Whether any byte written carries a secret the process holds.
    var carriesSecret: Bool { scanner.found }

    /// Compressed bytes written to the file so far.
    var storedSize: Int { file.size }

    func write(_ piece: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        count += piece.count
        if prefix.count < 4096 { prefix += piece.prefix(4096 - prefix.count) }
        if count <= keepLimit { kept?.append(contentsOf: piece) } else { kept = nil }
        hasher.update(bufferPointer: piece)
        scanner.scan(piece)
        do {
            try deflater.update(piece) { try file.write($0) }
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

    /// Ends the stream; the blob's ID. Nothing is visible in the store yet.
    @discardableResult
    func finish() throws -> BlobID {
        if let failure { throw failure }
        if let id { return id }
        do {
            try deflater.finish { try file.write($0) }
            try file.flush()
        } catch {
            let error = Self.readerError(error)
            failure = error
            throw error
        }
        let id = BlobID(digest: hasher.finalize())
        self.id = id
        return id
    }

    /// Every byte written: from memory for a small body, else inflated from the file.
    func bytes() throws -> [UInt8] {
        try finish()
        if let kept { return kept }
        let stored: [UInt8]
        do {
            stored = try file.contents()
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
            throw ReaderError.storage("cannot read back \(file.path): \(error)")
        }
        return bytes
    }

    /// Gives the blob its name (flushed to disk first); the compressed bytes newly written, 0
    /// when an intact blob of that name was there already.
    func place() throws -> (id: BlobID, written: Int) {
        let id = try finish()
        let path = blobs.path(of: id)
        if blobs.contains(id), blobs.isIntact(id) {
            file.remove()
            return (id, 0)
        }
        do {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
            try file.move(to: path)
        } catch {
            throw Self.readerError(error)
        }
        return (id, file.size)
    }

    /// Forgets the blob: the temporary file goes.
    func discard() {
        file.remove()
    }

    private static func readerError(_ error: any Error) -> ReaderError {
        switch error {
        case let failure as FileSystem.Failure: failure.readerError
        case let error as ReaderError: error
        default: .storage("\(error)")
        }
    }
}
