#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names at a moment: its device and inode, size and modification time. A
/// file of the store replaced by a rename, or made anew, is another file; what a process kept
/// of the old one (a mapping, an open database) is then stale.
package struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    /// The file at `path` (a link's own, never followed); nil when there is none.
    package init?(_ path: String) {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// The file `path` leads to, every link of its path followed; nil when there is none.
    package init?(following path: String) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// The identity as one line of text (device, inode, size, time of change), to be kept in a
    /// file derived from this one and compared with the file's later.
    package var line: String { "\(device) \(inode) \(size) \(modified)" }

    /// Whether `other` is the same file, changed or not (a writer's own writes change its
    /// size and time, not which file it is).
    package func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }
}
