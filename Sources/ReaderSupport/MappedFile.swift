#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, so that a lookup touches only the pages it reads:
/// finding one key in a catalog of 10,000 entries reads a dozen pages, not the whole file.
/// Only files that are replaced by rename, never truncated in place, may be mapped.
package final class MappedFile: @unchecked Sendable {
    // The mapping is owned by this object alone, never written, and unmapped once in deinit.
    private let base: UnsafeMutableRawPointer?
    let count: Int

    /// Maps `path`; nil when it does not exist.
    package init?(path: String) throws {
        let fd = try FileSystem.openFile(path, O_RDONLY)
        if fd < 0 { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
        count = Int(info.st_size)
        if count == 0 {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapped, mapped != MAP_FAILED else { throw FileSystem.fail("cannot map", path) }
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    package func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
