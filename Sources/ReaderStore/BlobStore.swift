import Crypto
import ReaderSupport

/// The content-addressed blobs: `objects/ab/cdef…`, each a zlib stream of the bytes whose
/// SHA-256 is its name. A blob appears under its name only whole: it is written to a temporary
/// file in the same folder, flushed, then renamed into place.
public struct BlobStore: Sendable {
    /// The `objects` folder.
    public let folder: String
    /// The most a blob may expand to when read, against zlib bombs planted in the store.
    public let readLimit: Int

    public init(folder: String, readLimit: Int = 1 << 30) {
        self.folder = folder
        self.readLimit = readLimit
    }

    public func path(of id: BlobID) -> String {
        let hex = id.hex
        let split = hex.index(hex.startIndex, offsetBy: 2)
        return "\(folder)/\(hex[..<split])/\(hex[split...])"
    }

    /// The zlib level a fetch writes every blob at (raw bytes and documents alike): libdeflate's
    /// fastest, about a third of level 6's time for ~13% more bytes, since a mirror deflates
    /// every byte it fetches while it downloads and parses. `reader cache gc --repack` makes
    /// them dense later (``Store/repack(jobs:)``); any zlib reads either.
    static let fetchLevel: Int32 = 1
    /// The level `gc --repack` writes: libdeflate's densest, ~5% under level 6's size.
    static let denseLevel: Int32 = 12

    /// Whether a blob file's zlib header says it was written at the densest levels (FLEVEL 3,
    /// RFC 1950 §2.2: libdeflate sets it from level 8 on), so a repack leaves it.
    static func isDense(_ stored: [UInt8]) -> Bool {
        stored.count >= 2 && stored[1] >> 6 == 3
    }

    /// Stores `bytes`; returns its ID and the compressed bytes written (0 when it was there).
    /// A blob already present is checked, and replaced if damaged, so a fetch repairs it.
    @discardableResult
    public func put(_ bytes: [UInt8]) throws -> (id: BlobID, written: Int) {
        try put(bytes, id: BlobID(of: bytes))
    }

    /// ``put(_:)`` of bytes whose ID is known (hashed as they arrived).
    package func put(_ bytes: [UInt8], id: BlobID) throws -> (id: BlobID, written: Int) {
        let path = path(of: id)
        if FileSystem.exists(path), (try? get(id)) != nil { return (id, 0) }
        let compressed = try Zlib.compress(bytes, level: Self.fetchLevel)
        do {
            try FileSystem.makeFolders(FileSystem.parent(of: path))
            try FileSystem.writeAtomically(compressed, to: path)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
        return (id, compressed.count)
    }

    /// Checks blob `id` as ``get(_:)`` does, streaming: memory stays at one chunk whatever
    /// its size. Throws `ReaderError.damaged` saying what is wrong.
    public func check(_ id: BlobID) throws {
        try check(stored: try storedBytes(of: id), as: id)
    }

    /// Checks that `stored` (a blob file's bytes, from the disk or another store) inflates to
    /// bytes whose SHA-256 is `id`, streaming. Throws `ReaderError.damaged` saying what is wrong.
    package func check(stored: [UInt8], as id: BlobID) throws {
        guard !stored.isEmpty else { throw ReaderError.damaged(what: "blob \(id)", reason: "empty file") }
        var hasher = SHA256()
        do {
            _ = try Zlib.inflate(stored) { chunk, produced in
                if produced > readLimit { throw Zlib.Failure(description: "blob expands beyond \(readLimit) bytes") }
                hasher.update(bufferPointer: UnsafeRawBufferPointer(chunk))
            }
        } catch {
            throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
        }
        guard BlobID(digest: hasher.finalize()) == id else {
            throw ReaderError.damaged(what: "blob \(id)", reason: "content does not match its hash")
        }
    }

    /// Whether blob `id` reads back whole and hashes to its name.
    public func isIntact(_ id: BlobID) -> Bool {
        (try? check(id)) != nil
    }

    /// The bytes of blob `id`, checked against its name. Throws `ReaderError.damaged` for a
    /// blob that is missing, empty, not zlib, or whose bytes do not hash to its name.
    public func get(_ id: BlobID) throws -> [UInt8] {
        let stored = try storedBytes(of: id)
        let bytes: [UInt8]
        do {
            bytes = try Zlib.decompress(stored, limit: readLimit)
        } catch {
            throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
        }
        guard BlobID(of: bytes) == id else {
            throw ReaderError.damaged(what: "blob \(id)", reason: "content does not match its hash")
        }
        return bytes
    }

    /// The bytes of blob `id` inflated into `buffer` (valid until its next use), not hashed:
    /// zlib's checksum (Adler-32) still refuses a damaged file. For what a search shows of the
    /// documents it found, where hashing each of them would cost as much as reading it; `open`
    /// and `cache verify` check the name.
    func unhashedBytes(of id: BlobID, into buffer: InflateBuffer) throws -> UnsafeBufferPointer<UInt8> {
        let stored = try storedBytes(of: id)
        guard let bytes = buffer.inflate(stored, limit: readLimit) else {
            // Not one whole stream that fits: zlib says what is wrong with it.
            do {
                _ = try Zlib.decompress(stored, limit: readLimit)
            } catch {
                throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
            }
            throw ReaderError.damaged(what: "blob \(id)", reason: "not a whole zlib stream")
        }
        return bytes
    }

    /// The file of blob `id` as it is on disk (a zlib stream), checked against its name: what
    /// a remote holds under the same name.
    package func checkedStoredBytes(of id: BlobID) throws -> [UInt8] {
        let stored = try storedBytes(of: id)
        try check(stored: stored, as: id)
        return stored
    }

    /// Blob `id`'s folder, opened (made when missing): to look for the blob in, then stage it
    /// there (``stage(_:as:in:)``), one walk to the folder for both.
    func folder(of id: BlobID) throws -> FileSystem.OpenFolder {
        do {
            return try FileSystem.OpenFolder(FileSystem.parent(of: path(of: id)), making: true)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// Whether blob `id`'s file is in `folder` (``folder(of:)``), not read: ``isIntact(_:)`` says more.
    func holds(_ id: BlobID, in folder: FileSystem.OpenFolder) -> Bool {
        folder.holdsFile(String(id.hex.dropFirst(2)))
    }

    /// Writes `compressed`, blob `id`'s file, under a temporary name in its folder, neither
    /// flushed nor named yet.
    func stage(_ compressed: [UInt8], as id: BlobID) throws -> StagedBlob {
        try stage(compressed, as: id, in: try folder(of: id))
    }

    /// ``stage(_:as:)`` in the blob's folder opened already (``folder(of:)``).
    func stage(_ compressed: [UInt8], as id: BlobID, in folder: FileSystem.OpenFolder) throws -> StagedBlob {
        let path = path(of: id)
        do {
            let file = try TemporaryFile(in: folder)
            try file.write(compressed)
            try file.flush()
            file.startWriteback()
            return StagedBlob(file: file, path: path)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// The file of blob `id`: present, not empty, not larger than a blob can be.
    private func storedBytes(of id: BlobID) throws -> [UInt8] {
        let stored: [UInt8]?
        do {
            // zlib never stores more than ~0.03% over the bytes, so a larger file is not a blob.
            stored = try FileSystem.read(path(of: id), limit: readLimit + readLimit / 1000 + 64)
        } catch let failure as FileSystem.Failure where failure.isLink {
            throw failure.readerError
        } catch {
            throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
        }
        guard let stored else { throw ReaderError.damaged(what: "blob \(id)", reason: "missing") }
        guard !stored.isEmpty else { throw ReaderError.damaged(what: "blob \(id)", reason: "empty file") }
        return stored
    }

    /// A blob's file written under a temporary name, to be given its name by ``publish()``.
    package struct StagedBlob {
        let file: TemporaryFile
        let path: String

        package init(file: TemporaryFile, path: String) {
            self.file = file
            self.path = path
        }

        /// Its size on disk.
        var size: Int { file.size }

        /// Renames it to its name; flushed first, and its folder after, unless the commit
        /// flushes by batch (``SyncBarrier``).
        func publish() throws {
            do {
                try file.move(to: path, durable: !SyncBarrier.batches)
            } catch let failure as FileSystem.Failure {
                throw failure.readerError
            }
        }
    }

    public func contains(_ id: BlobID) -> Bool { FileSystem.exists(path(of: id)) }

    /// What is under `objects/`.
    public struct Inventory: Sendable {
        /// Blobs by ID, with their stored size.
        public var blobs: [(id: BlobID, size: Int, path: String)] = []
        /// Anything else (left-over temporary files, stray names), by path.
        public var strays: [(path: String, modified: Int)] = []
        /// Links (and FIFOs, devices) where a folder or blob belongs: damage, never followed.
        public var links: [String] = []
    }

    /// Every file under `objects/`, found without following any link.
    public func inventory() -> Inventory {
        var inventory = Inventory()
        walk(
            blob: { inventory.blobs.append(($0, $1, $2)) }, stray: { inventory.strays.append(($0, $1)) },
            link: { inventory.links.append($0) })
        return inventory
    }

    /// ``inventory()`` a folder at a time, without the list: each blob with its stored size and
    /// path, each other file with when it was last changed, and each link. `gc` of two million
    /// blobs holds one folder's names, not two million paths.
    public func walk(
        blob: (BlobID, Int, String) throws -> Void, stray: (String, Int) throws -> Void, link: (String) throws -> Void
    ) rethrows {
        guard let top = try? FileSystem.listing(folder) else {
            try link(folder)
            return
        }
        for other in top.others { try link("\(folder)/\(other)") }
        for prefix in top.folders.sorted() {
            let sub = "\(folder)/\(prefix)"
            guard let listing = try? FileSystem.listing(sub) else {
                try link(sub)
                continue
            }
            for other in listing.others + listing.folders { try link("\(sub)/\(other)") }
            for name in listing.files.sorted() {
                let path = "\(sub)/\(name)"
                let status = FileSystem.status(path)
                if prefix.utf8.count == 2, let id = BlobID(hex: prefix + name) {
                    try blob(id, status?.size ?? 0, path)
                } else {
                    try stray(path, status?.modified ?? 0)
                }
            }
        }
        for name in top.files { try stray("\(folder)/\(name)", FileSystem.status("\(folder)/\(name)")?.modified ?? 0) }
    }

    public func remove(_ id: BlobID) throws {
        try FileSystem.remove(path(of: id))
    }
}
