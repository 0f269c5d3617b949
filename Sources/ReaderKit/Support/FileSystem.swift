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
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
    }

    static func fail(_ operation: String, _ path: String) -> Failure {
        Failure(operation: operation, path: path, code: errno)
    }

    /// Reads a whole file; nil when it does not exist.
    static func read(_ path: String, limit: Int = Int.max) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw fail("cannot open", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot stat", path) }
        let expected = Int(info.st_size)
        guard expected <= limit else {
            throw Failure(operation: "too large to read (\(expected) bytes)", path: path, code: EFBIG)
        }
        var bytes = [UInt8](repeating: 0, count: expected)
        var done = 0
        while done < expected {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + done, expected - done)
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
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, durable: Bool = true, beforeRename: (String) throws -> Void = { _ in }
    ) throws {
        let folder = parent(of: path)
        let temporary = folder + "/.tmp-" + String(getpid()) + "-" + randomToken()
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("cannot create", temporary) }
        var placed = false
        defer { if !placed { unlink(temporary) } }
        do {
            try writeAll(fd, bytes, path: temporary)
            guard !durable || fsync(fd) == 0 else { throw fail("cannot flush", temporary) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw fail("cannot close", temporary) }
        try beforeRename(temporary)
        guard rename(temporary, path) == 0 else { throw fail("cannot rename into", path) }
        placed = true
        if durable { syncFolder(folder) }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + done, bytes.count - done)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("cannot write", path)
            }
            done += count
        }
    }

    /// Makes a rename or unlink in `folder` durable.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func makeFolders(_ path: String) throws {
        // Nearly always the folder is there already (a blob's `objects/ab`): one call says so.
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST { throw fail("cannot create folder", built) }
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Size and modification time, or nil when absent.
    static func status(_ path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int(info.st_size), Int(info.st_mtim.tv_sec))
    }

    static func list(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT { throw fail("cannot remove", path) }
    }

    static func removeFolder(_ path: String) throws {
        if rmdir(path) != 0 && errno != ENOENT { throw fail("cannot remove folder", path) }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func randomToken() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}
