#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a file (`flock`), shared between processes. The kernel drops it when
/// the process dies, so a killed `reader` never leaves the store locked.
package final class FileLock: @unchecked Sendable {
    // The descriptor is owned by this object alone and closed once, in deinit.
    private let fd: Int32

    package enum Mode { case shared, exclusive }

    /// Opens (creating) `path` and waits for the lock. `reading`: a process that only reads
    /// opens an existing file for reading only, so that it reads a read-only store (a mount,
    /// a folder without the write bit) too; a writer's open is what finds such a store first.
    package init(path: String, mode: Mode, reading: Bool = false) throws {
        var fd: Int32 = -1
        if reading { fd = try FileSystem.openFile(path, O_RDONLY) }
        if fd < 0 { fd = try FileSystem.openFile(path, O_RDWR | O_CREAT) }
        while flock(fd, mode == .shared ? LOCK_SH : LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let failure = FileSystem.fail("cannot lock", path)
            close(fd)
            throw failure
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Runs `body` holding the lock on `path`.
    package static func withLock<T>(_ path: String, _ mode: Mode, reading: Bool = false, _ body: () throws -> T) throws -> T {
        let lock = try FileLock(path: path, mode: mode, reading: reading)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
