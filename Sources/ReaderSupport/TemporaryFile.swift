#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `.tmp-…` file in a folder of the store, written as its bytes come (a download, a large
/// document, an entry table), then moved to its name whole or removed. Nothing is ever
/// written through a link: the file is created with `O_EXCL | O_NOFOLLOW` in its folder's
/// descriptor. One left behind by a killed process is removed by `reader cache gc`.
///
/// Owned by one task at a time (the request that writes it), hence `@unchecked Sendable`.
package final class TemporaryFile: @unchecked Sendable {
    package let path: String
    private var fd: Int32
    /// The folder it was made in, kept open (link-free, as it was opened) until the file is
    /// named or removed: both are one call in it, where each walked to the folder again from
    /// the store's root (a mirror names two blobs a document: 14 calls each, now 1).
    private let folderPath: String
    private var folder: Int32
    private let name: String
    private var buffer: [UInt8] = []
    private let bufferSize: Int
    /// Bytes written so far.
    package private(set) var size = 0
    private var done = false

    /// Creates the file in `folder`, which must exist unless `making` (then it and the folders
    /// above it are made when missing, never through a link).
    package convenience init(in folder: String, making: Bool = false, bufferSize: Int = 1 << 16) throws {
        try self.init(in: FileSystem.OpenFolder(folder, making: making), bufferSize: bufferSize)
    }

    /// Creates the file in a folder already opened (a blob's, looked in first), which it keeps
    /// and closes.
    package init(in opened: FileSystem.OpenFolder, bufferSize: Int = 1 << 16) throws {
        let name = ".tmp-" + String(getpid()) + "-" + FileSystem.randomToken()
        self.name = name
        let folder = opened.path
        path = folder + "/" + name
        folderPath = folder
        let parent = opened.take()
        fd = name.withCString { openat(parent, $0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard fd >= 0 else {
            close(parent)
            throw FileSystem.fail("cannot create", path)
        }
        self.folder = parent
        self.bufferSize = bufferSize
    }

    deinit { remove() }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        size += bytes.count
        // A piece as large as the buffer goes straight to the file: a writer of large pieces
        // (a compressor) never needs the buffer, which is made only once it is needed.
        if bytes.count >= bufferSize {
            try flush()
            try FileSystem.writeAll(fd, bytes, path: path)
            return
        }
        if buffer.count + bytes.count > bufferSize { try flush() }
        if buffer.capacity == 0 { buffer.reserveCapacity(bufferSize) }
        buffer.append(contentsOf: bytes)
    }

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    package func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: path) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Starts writing the bytes written so far to the disk, without waiting (Linux's
    /// `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, as git's batch mode does before its one
    /// flush): the flush that makes the batch durable (``SyncBarrier``) then finds them written
    /// or on their way. Elsewhere nothing.
    ///
    /// For a staged blob, whose bytes are all written: its buffer is let go, and on Linux its
    /// descriptor too — it is renamed by name in its open folder and flushed by the batch, never
    /// by itself — so that a bulk fetch's batch of staged commits (``CommitBatches``) holds one
    /// descriptor a blob, not two, and 64 KiB of buffer less.
    package func startWriteback() {
        if buffer.isEmpty { buffer = [] }
        #if os(Linux)
        guard fd >= 0 else { return }
        _ = linuxSyncFileRange(fd, 0, 0, 2)
        if SyncBarrier.batches && buffer.isEmpty {
            close(fd)
            fd = -1
        }
        #endif
    }

    /// Every byte written so far, read back from the file.
    package func contents() throws -> [UInt8] {
        try flush()
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, size - offset, off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileSystem.fail("cannot read", path) }
            offset += count
        }
        return bytes
    }

    /// Reads back every byte written so far, `chunk` bytes at a time.
    package func read(chunk: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try flush()
        var piece = [UInt8](repeating: 0, count: chunk)
        var offset = 0
        while offset < size {
            let count = piece.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min(chunk, size - offset), off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileSystem.fail("cannot read", path) }
            try piece.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            offset += count
        }
    }

    /// Gives the file its name `destination` (in the same store), replacing what was there:
    /// flushed to disk first when `durable`, so the name never shows a partial file.
    package func move(to destination: String, durable: Bool = true) throws {
        try flush()
        guard !durable || (fd >= 0 && fsync(fd) == 0) else { throw FileSystem.fail("cannot flush", path) }
        // Into the folder it is in (a blob's name beside its staged file): no walk.
        let here = FileSystem.parent(of: destination) == folderPath
        let (to, newName) = here ? (folder, String(destination.split(separator: "/").last ?? "")) : try FileSystem.openParent(destination)
        defer { if !here { close(to) } }
        // A rename replaces a link at `newName` itself; it never writes through it.
        guard renameat(folder, name, to, newName) == 0 else { throw FileSystem.fail("cannot rename into", destination) }
        done = true
        if fd >= 0 { close(fd) }
        fd = -1
        if durable { _ = fsync(to) }
        close(folder)
        folder = -1
    }

    /// Removes the file (nothing when it was moved to its name).
    package func remove() {
        guard !done else { return }
        done = true
        if fd >= 0 { close(fd) }
        fd = -1
        _ = unlinkat(folder, name, 0)
        close(folder)
        folder = -1
    }
}

#if os(Linux)
/// glibc's `sync_file_range(2)`, which the Glibc module hides (declared only under `_GNU_SOURCE`).
@_silgen_name("sync_file_range")
private func linuxSyncFileRange(_ fd: Int32, _ offset: Int64, _ count: Int64, _ flags: UInt32) -> Int32
#endif
