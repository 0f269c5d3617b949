import Crypto
import Dispatch
import ReaderPluginAPI
import ReaderSupport
import Synchronization

/// A blob written as its bytes come: each piece is hashed and looked through for secrets as
/// it arrives. A small body (most RFCs, pages and timelines) is kept in memory and compressed
/// in one go when it is placed; one that grows past ``spillLimit`` goes on, piece by piece, to
/// a temporary file in `objects/`, as it comes. So a download costs at most the limit in
/// memory, not its size, however many run at once (`--jobs`). Up to ``wholeLimit`` the file
/// holds the bytes as they are: reading them back for the parse costs a read, not an inflate,
/// and the blob is deflated whole by libdeflate when it is placed (several times zlib's speed
/// at the same level: the RFC index and its document are such blobs). Past it, what is there
/// and what follows go through zlib's stream into a second file, so that a large body — or a
/// hostile one of zeros — costs its compressed size on disk. Only ``place()`` gives
/// the blob its name — after the parse and the secret check — so the store never shows a blob
/// that no catalog entry was meant to name, half-made.
///
/// While it has a temporary file it holds `writers.lock` shared: `gc`, which removes every
/// temporary file, waits for it. Owned by one request at a time.
package final class IncomingBlob: @unchecked Sendable {
    /// Bytes kept in memory before the rest goes to a file: a little more than most RFCs.
    static let spillLimit = 256 << 10
    /// Spilled bytes up to this size are read back whole to be deflated by libdeflate; a
    /// larger blob goes through zlib's stream, a chunk at a time.
    static let wholeLimit = 16 << 20

    private let blobs: BlobStore
    private let writersLockPath: String
    private var hasher = SHA256()
    private var scanner: SecretFilter.Scanner
    /// The bytes, while they are few.
    private var kept: [UInt8] = []
    /// Once they are not: the file, its compressor, and the lock that keeps `gc` away.
    private var spilled: (spill: Spill, lock: FileLock)?

    /// Where spilled bytes are: as they came, or deflated as they come.
    private enum Spill {
        case plain(TemporaryFile)
        case deflated(TemporaryFile, Zlib.Deflater)

        var file: TemporaryFile {
            switch self {
            case .plain(let file), .deflated(let file, _): file
            }
        }
    }
    /// Bytes written so far (uncompressed).
    package private(set) var count = 0
    /// The first bytes, for recognising what kind of document it is.
    package private(set) var prefix: [UInt8] = []
    private var id: BlobID?
    private var failure: ReaderError?
    /// The bytes were spilled, staged deflated, and let go (``stage()``).
    private var released = false
    /// The bytes deflated while they were parsed (``deflateAhead(_:)``), for ``stage()``.
    private var deflatedAhead: [UInt8]?

    init(blobs: BlobStore, writersLock: String, secrets: SecretFilter) {
        self.blobs = blobs
        writersLockPath = writersLock
        scanner = SecretFilter.Scanner(secrets)
    }

    deinit { discard() }

    /// Whether any byte written carries a secret the process holds.
    var carriesSecret: Bool { scanner.found }

    package func write(_ piece: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        count += piece.count
        if prefix.count < Sample.prefixLength { prefix += piece.prefix(Sample.prefixLength - prefix.count) }
        hasher.update(bufferPointer: piece)
        scanner.scan(piece)
        do {
            if spilled == nil && count > Self.spillLimit { try spill() }
            if case .plain = spilled?.spill, count > Self.wholeLimit { try deflateSpill() }
            switch spilled?.spill {
            case .plain(let file): try file.write(piece)
            case .deflated(let file, let deflater): try deflater.update(piece) { try file.write($0) }
            case nil: kept.append(contentsOf: piece)
            }
        } catch {
            let error = Self.readerError(error)
            failure = error
            throw error
        }
    }

    package func write(_ bytes: [UInt8]) throws {
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
        try file.write(kept)
        kept = []
        spilled = (.plain(file), lock)
    }

    /// Deflates what the plain file holds into a second one, where the rest will go too.
    private func deflateSpill() throws {
        guard let (spill, lock) = spilled, case .plain(let plain) = spill else { return }
        let file = try TemporaryFile(in: blobs.folder)
        let deflater = try Zlib.Deflater(level: BlobStore.fetchLevel)
        try plain.read(chunk: 1 << 20) { piece in try deflater.update(piece) { try file.write($0) } }
        plain.remove()
        spilled = (.deflated(file, deflater), lock)
    }

    /// Ends the stream; the blob's ID. Nothing is visible in the store yet.
    @discardableResult
    package func finish() throws -> BlobID {
        if let failure { throw failure }
        if let id { return id }
        if let spilled {
            do {
                if case .deflated(let file, let deflater) = spilled.spill { try deflater.finish { try file.write($0) } }
                try spilled.spill.file.flush()
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

    /// Every byte written: from memory for a small body, else read back from the file (and
    /// inflated, past the whole limit).
    package func bytes() throws -> [UInt8] {
        try finish()
        if released { throw ReaderError.storage("the bytes of blob \(id?.hex ?? "") were let go once staged") }
        switch spilled?.spill {
        case nil:
            return kept
        case .plain(let file):
            let bytes = try Self.storage { try file.contents() }
            guard bytes.count == count else { throw ReaderError.storage("cannot read back \(file.path): it changed") }
            return bytes
        case .deflated(let file, _):
            let stored = try Self.storage { try file.contents() }
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
    }

    /// The blob's file, deflated under a temporary name for ``Store/place(_:)`` to name; nil
    /// when an intact blob of that name is there already. A body spilled as it came is let go
    /// once its deflated copy is made: the flush that makes the staged files durable
    /// (``SyncBarrier``) flushes the whole file system, and would write out megabytes of a
    /// temporary file about to be removed (the RFC index's 8.4 MB: the flush took 8 ms, not 1).
    /// ``bytes()`` cannot be read after.
    func stage() throws -> BlobStore.StagedBlob? {
        let id = try finish()
        // One walk to the blob's folder (made when missing), to look and then to stage.
        let folder = try blobs.folder(of: id)
        if blobs.holds(id, in: folder), blobs.isIntact(id) { return nil }
        guard case .deflated(let file, _) = spilled?.spill else {
            let deflated = try deflatedAhead ?? Zlib.compress(try bytes(), level: BlobStore.fetchLevel)
            deflatedAhead = nil
            let staged = try blobs.stage(deflated, as: id, in: folder)
            if spilled != nil {
                discard()
                released = true
            }
            return staged
        }
        // Its folder is there (opened above); the file moves into it from `objects/`.
        file.startWriteback()
        return BlobStore.StagedBlob(file: file, path: blobs.path(of: id))
    }

    /// A body at least this large is deflated while it is parsed, on another thread
    /// (``deflateAhead(_:)``): the parse and everything after it use one core, and the other
    /// would wait.
    package static let deflatedAheadAtLeast = 1 << 20

    /// Deflates `bytes` — this blob's, as ``bytes()`` returned them — while the caller does
    /// something else with them (the parse), so that ``stage()`` need not; `bytes` are the
    /// caller's, so nothing of this blob is touched off its owner's thread. ``keep(deflated:)``
    /// hands the result back.
    package static func deflateAhead(_ bytes: [UInt8]) -> [UInt8]? {
        try? Zlib.compress(bytes, level: BlobStore.fetchLevel)
    }

    /// What ``deflateAhead(_:)`` made of this blob's bytes; nil: ``stage()`` deflates them.
    package func keep(deflated: [UInt8]?) {
        deflatedAhead = deflated
    }

    /// Stages `blobs` (``stage()``) and runs `alongside` — the derived data of a commit: its entry
    /// table and its place in the full-text index — on two threads when the blobs are large
    /// enough to share the work out, the blobs on one and `alongside` on the other; else one
    /// after the other on this one. The RFC index's fetch deflates 8.4 MB (its 2 MB of raw
    /// bytes, its 6.4 MB document), writes a 6 MB entry table and indexes the document: with
    /// the table beside the document's deflate and the index after both, the command took 99 ms
    /// at best of 25 runs; with the table and the index beside the deflating (and the entries'
    /// JSON on two threads, the raw bytes deflated during the parse), 81 ms in the same runs.
    static func stage<T: Sendable>(
        _ blobs: [IncomingBlob], alongside: @Sendable () throws -> T
    ) throws -> (staged: [BlobStore.StagedBlob], alongside: T) {
        guard blobs.reduce(0, { $0 + $1.count }) >= Self.sharedAtLeast else {
            let staged = try blobs.compactMap { try $0.stage() }
            return (staged, try alongside())
        }
        let staged = Mutex<Result<[BlobStore.StagedBlob], any Error>?>(nil)
        let derived = Mutex<Result<T, any Error>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                let result = Result { try blobs.compactMap { try $0.stage() } }
                staged.withLock { $0 = result }
            } else {
                let result = Result { try alongside() }
                derived.withLock { $0 = result }
            }
        }
        guard let stagedResult = staged.withLock({ $0 }), let derivedResult = derived.withLock({ $0 }) else {
            throw ReaderError.storage("a commit's two lanes did not both run")
        }
        return (try stagedResult.get(), try derivedResult.get())
    }

    /// Blobs this large together (a few ms of libdeflate) are deflated on a thread of their own
    /// beside the commit's derived data: below it, a thread costs more than it saves.
    static let sharedAtLeast = 1 << 20

    private static func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw readerError(error)
        }
    }

    /// Lets go of the bytes kept in memory once the blob is staged (its staged file holds
    /// them); a spilled file stays, for it may be the staged one. The prefix goes too: it
    /// served to recognise the body before its parse, and it is the whole body of most RFCs
    /// (64 KiB at most) — a bulk fetch's staged commits each held 110 KB that way.
    func dropKeptBytes() {
        guard id != nil else { return }
        kept = []
        prefix = []
        deflatedAhead = nil
    }

    /// Forgets the blob: the temporary file goes, and the lock with it.
    package func discard() {
        spilled?.spill.file.remove()
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
