import Foundation

/// What changes whenever the catalog does: the identity, size and modification time of
/// `catalog.json` and of its journal. A long-running reader of the store (`reader serve`) keeps
/// what it derived from the catalog (which RFCs are stored, the rendered pages) for as long as
/// the stamp is the same, and asks the catalog again only when another process has written it:
/// two `lstat`s rather than a catalog lookup per request.
public struct CatalogStamp: Sendable, Hashable {
    private var files: [FileStamp]

    struct FileStamp: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    init(paths: [String]) {
        files = paths.map { path in
            var info = stat()
            // Never followed: inside the store nothing is (`FileSystem`); a link reads as absent.
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                return FileStamp(device: 0, inode: 0, size: -1, seconds: 0, nanoseconds: 0)
            }
            return FileStamp(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        }
    }
}

extension CatalogFile {
    /// The catalog's stamp now (see ``CatalogStamp``).
    public var stamp: CatalogStamp { CatalogStamp(paths: [path, journal.path]) }
}
