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

    /// Opens (creating) `path` and waits for the lock.
    package init(path: String, mode: Mode) throws {
        let fd = try FileSystem.openFile(path, O_RDWR | O_CREAT)
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
    package static func withLock<T>(_ path: String, _ mode: Mode, _ body: () throws -> T) throws -> T {
        let lock = try FileLock(path: path, mode: mode)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
