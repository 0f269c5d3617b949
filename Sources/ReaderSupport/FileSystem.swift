#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the store is built on, with the durability steps spelled out:
/// Foundation's atomic writes do not fsync, and a store that must survive `kill -9` and power
/// loss needs data and directory entries on disk before a rename makes them visible.
///
/// No link is ever followed. Every path is walked from `/` one folder at a time with
/// `openat(…, O_NOFOLLOW)`, and the last name is opened, created, renamed or removed relative
/// to its folder's descriptor, so a symbolic link planted in a store (`catalog.journal` to
/// `~/.bashrc`, `objects/ab` to another folder) is refused as damage instead of being written,
/// emptied or deleted through. The store's root is resolved once (``canonical(_:)``), so links
/// above it — the user's own choice of where the store lives — are followed there and only
/// there. User files (`reader open FILE`, a `file://` mirror) are read with
/// ``readFollowingLinks(_:limit:)``.
package enum FileSystem {
    package struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        package var description: String {
            isLink
                ? "\(path) is a link where the store keeps a file or folder; links are never followed (remove it)"
                : "\(operation) \(path): \(String(cString: strerror(code)))"
        }
        /// A link met where the store expects a file or folder: damage, not a write failure.
        package var isLink: Bool { code == ELOOP }

        /// The error a user sees: a link is damage (exit 6), anything else a store that
        /// cannot be written (exit 73).
        package var readerError: ReaderError {
            isLink
                ? .damaged(what: path, reason: "a link where the store keeps a file or folder (never followed); remove it")
                : .storage(description)
        }
    }

    package static func fail(_ operation: String, _ path: String) -> Failure {
        Failure(operation: operation, path: path, code: errno)
    }

    /// Reads a whole file of the store; nil when it does not exist.
    package static func read(_ path: String, limit: Int = Int.max) throws -> [UInt8]? {
        let fd = try openFile(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit, regularOnly: true)
    }

    /// Reads a whole file the user named, following links as any program does; nil when it
    /// does not exist.
    package static func readFollowingLinks(_ path: String, limit: Int = Int.max) throws -> [UInt8]? {
        guard let fd = try openFollowingLinks(path) else { return nil }
        defer { close(fd) }
        return try readAll(fd, path: path, limit: limit, regularOnly: false)
    }

    /// Reads a file the user named (a mirror's), following links, a piece at a time into
    /// `sink`; the byte count, or nil when it does not exist. More than `limit` bytes fail.
    static func readFollowingLinks(
        _ path: String, limit: Int, into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int? {
        guard let fd = try openFollowingLinks(path) else { return nil }
        defer { close(fd) }
        return try stream(fd, name: path, limit: limit) { piece in
            try sink(piece)
            return true
        }
    }

    /// Reads a file of the store a piece at a time into `sink`, never through a link, until it
    /// ends or `sink` returns false; the bytes read, or nil when it does not exist.
    package static func read(_ path: String, limit: Int, into sink: (UnsafeRawBufferPointer) throws -> Bool) throws -> Int? {
        let fd = try openFile(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try stream(fd, name: path, limit: limit, into: sink)
    }

    /// Reads a stream (standard input, a pipe) to its end, at most `limit` bytes.
    package static func readStream(_ fd: Int32, name: String, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try stream(fd, name: name, limit: limit) { piece in
            bytes.append(contentsOf: piece)
            return true
        }
        return bytes
    }

    /// A file the user named, opened for reading as any program opens it; nil when absent.
    private static func openFollowingLinks(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw fail("cannot open", path)
        }
        return fd
    }

    /// Reads `fd` a piece at a time into `sink`, to its end or until `sink` returns false; the
    /// bytes read. More than `limit` bytes fail before the piece that passes it is handed on.
    package static func stream(
        _ fd: Int32, name: String, limit: Int, into sink: (UnsafeRawBufferPointer) throws -> Bool
    ) throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read", name)
            }
            if count == 0 { return total }
            total += count
            guard total <= limit else { throw Failure(operation: "more than \(limit) bytes on", path: name, code: EFBIG) }
            guard try buffer.withUnsafeBytes({ try sink(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else { return total }
        }
    }

    private static func readAll(_ fd: Int32, path: String, limit: Int, regularOnly: Bool) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot stat", path) }
        guard !regularOnly || (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(operation: "not a regular file", path: path, code: EINVAL)
        }
        let expected = Int(info.st_size)
        guard expected <= limit else {
            throw Failure(operation: "too large to read (\(expected) bytes)", path: path, code: EFBIG)
        }
        var bytes = [UInt8](repeating: 0, count: expected)
        var done = 0
        while done < expected {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + done, expected - done)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read", path)
            }
            if count == 0 { break }
            done += count
        }
        if done < expected { bytes.removeSubrange(done...) }
        return bytes
    }

    /// Writes `bytes` to a new file beside `path`, flushes it to disk, renames it over `path`
    /// and flushes the folder, so that `path` holds either the old or the new bytes, whole.
    /// `durable: false` skips the flushes, for derived data that is checked when read.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, durable: Bool = true, beforeRename: (String) throws -> Void = { _ in }
    ) throws {
        let (folder, name) = try openParent(path)
        defer { close(folder) }
        let temporaryName = ".tmp-" + String(getpid()) + "-" + randomToken()
        let temporary = parent(of: path) + "/" + temporaryName
        let fd = openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("cannot create", temporary) }
        var placed = false
        defer { if !placed { unlinkat(folder, temporaryName, 0) } }
        do {
            try writeAll(fd, bytes, path: temporary)
            guard !durable || fsync(fd) == 0 else { throw fail("cannot flush", temporary) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw fail("cannot close", temporary) }
        try beforeRename(temporary)
        // A rename replaces a link at `name` itself; it never writes through it.
        guard renameat(folder, temporaryName, folder, name) == 0 else { throw fail("cannot rename into", path) }
        placed = true
        if durable { _ = fsync(folder) }
    }

    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = systemWrite(fd, base + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("cannot write", path)
            }
            done += count
        }
    }

    /// Makes a rename or unlink in `folder` durable.
    package static func syncFolder(_ folder: String) {
        guard let fd = try? openFolder(folder) else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// A descriptor of `folder`, never through a link; throws `ENOENT` when absent.
    static func openFolder(_ folder: String) throws -> Int32 {
        try withParent(folder) { parent, name in
            let fd = name.withCString { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard fd >= 0 else { throw Failure(operation: "cannot open folder", path: folder, code: linkOr(errno, in: parent, name)) }
            return fd
        }
    }

    /// A folder of the store opened once (made when missing, never through a link) for a few
    /// calls in it: whether a file is there, then a file made in it (``TemporaryFile``), where
    /// each walked to the folder again. Closed when dropped, unless taken.
    package final class OpenFolder {
        package let path: String
        private var fd: Int32

        package init(_ path: String, making: Bool = false) throws {
            self.path = path
            do {
                fd = try FileSystem.openFolder(path)
            } catch let failure as Failure where making && failure.code == ENOENT {
                try FileSystem.makeMissingFolders(path)
                fd = try FileSystem.openFolder(path)
            }
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Whether `name` is a regular file in the folder (a link there is not followed: no).
        package func holdsFile(_ name: String) -> Bool {
            var info = stat()
            return name.withCString { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0 && info.st_mode & S_IFMT == S_IFREG
        }

        /// The descriptor, the caller's to close from now on.
        func take() -> Int32 {
            defer { fd = -1 }
            return fd
        }
    }

    /// Creates `path` and the folders above it that are missing, never through a link.
    package static func makeFolders(_ path: String) throws {
        // Nearly always the folder is there already (a blob's `objects/ab`): one walk says so.
        if let fd = try? openFolder(path) {
            close(fd)
            return
        }
        try makeMissingFolders(path)
    }

    /// Makes `path` and, first, the folders above it that are missing, never through a link:
    /// each made in its parent's descriptor, walked to from a store's root kept open
    /// (``openParent(_:)``), not from `/` (a new store's mirror makes 256 `objects/` folders).
    static func makeMissingFolders(_ path: String) throws {
        let parent: (folder: Int32, name: String)
        do {
            parent = try openParent(path)
        } catch let failure as Failure where failure.code == ENOENT {
            try makeMissingFolders(Self.parent(of: path))
            parent = try openParent(path)
        }
        defer { close(parent.folder) }
        if mkdirat(parent.folder, parent.name, 0o755) != 0 && errno != EEXIST { throw fail("cannot create folder", path) }
        // There now, and a folder: not a link to one, nor a file.
        let made = openat(parent.folder, parent.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard made >= 0 else {
            throw Failure(operation: "cannot open folder", path: path, code: linkOr(errno, in: parent.folder, parent.name))
        }
        close(made)
    }

    /// Whether `path` names anything (a link included: opening it then says it is one).
    package static func exists(_ path: String) -> Bool {
        kind(path) != nil
    }

    /// Size and modification time, or nil when absent; a link's own.
    package static func status(_ path: String) -> (size: Int, modified: Int)? {
        let status = try? withParent(path) { folder, name -> (size: Int, modified: Int)? in
            var info = stat()
            guard name.withCString({ fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
            return (Int(info.st_size), Int(info.st_mtim.tv_sec))
        }
        return status ?? nil
    }

    /// What a folder holds.
    package struct Listing {
        package var files: [String] = []
        package var folders: [String] = []
        /// Links and anything else that is neither (FIFOs, devices): never followed or opened.
        package var others: [String] = []
        var all: [String] { files + folders + others }
    }

    /// The names in `folder`, by kind, never through a link; empty when it does not exist.
    /// A link in place of the folder itself throws (`ELOOP`).
    package static func listing(_ folder: String) throws -> Listing {
        let fd: Int32
        do {
            fd = try openFolder(folder)
        } catch let failure as Failure where failure.code == ENOENT {
            return Listing()
        }
        guard let dir = fdopendir(fd) else {
            close(fd)
            throw fail("cannot list", folder)
        }
        defer { closedir(dir) }
        var listing = Listing()
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != "." && name != ".." else { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                if fstatat(dirfd(dir), name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                    let mode = info.st_mode & S_IFMT
                    type = mode == S_IFREG ? Int32(DT_REG) : mode == S_IFDIR ? Int32(DT_DIR) : Int32(DT_LNK)
                }
            }
            switch type {
            case Int32(DT_REG): listing.files.append(name)
            case Int32(DT_DIR): listing.folders.append(name)
            default: listing.others.append(name)
            }
        }
        return listing
    }

    /// The names in `folder` (every kind); empty when it does not exist or is a link.
    package static func list(_ folder: String) -> [String] {
        (try? listing(folder).all) ?? []
    }

    /// Removes the name `path` (a link itself, never what it points to).
    package static func remove(_ path: String) throws {
        guard let (folder, name) = try parentIfPresent(path) else { return }
        defer { close(folder) }
        if unlinkat(folder, name, 0) != 0 && errno != ENOENT { throw fail("cannot remove", path) }
    }

    package static func removeFolder(_ path: String) throws {
        guard let (folder, name) = try parentIfPresent(path) else { return }
        defer { close(folder) }
        if unlinkat(folder, name, AT_REMOVEDIR) != 0 && errno != ENOENT { throw fail("cannot remove folder", path) }
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func randomToken() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// The C library's `read` and `write`, by names that `FileSystem`'s own `read` does not hide
/// (on Glibc, Musl and Darwin alike).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
