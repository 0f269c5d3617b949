import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Store roots kept open, so that a walk to a file of the store (``FileSystem/openParent(_:)``)
/// starts at the root instead of at `/`: a mirror walks to a store file 27 times a document,
/// and each walk opened and closed every folder above the store again (with the index's
/// connection kept too, `fetch` of the 1,067 sample RFCs made 45,365 `openat` calls instead of
/// 160,430, and 67,244 `close` calls instead of 157,742).
///
/// The kept descriptor is used only while the root's path still names that very folder: each
/// use compares the path's `lstat` with it (one call, against a `open` and a `close` for each
/// folder above), so a store removed, moved or replaced — by a link too — is walked to afresh,
/// link-free, as before. A folder opened once is a folder: the kept descriptor never follows
/// anything.
enum KeptFolders {
    private struct Kept {
        var path: String
        var fd: Int32
        var device: UInt64
        var inode: UInt64
    }

    /// A few roots at most (a process serves one store; a test process makes many): the
    /// oldest is closed when another comes.
    private static let limit = 4
    private static let kept = Mutex<[Kept]>([])
    private static let roots = Mutex<Set<String>>([])

    /// Says that `root` is a store's root: walks to what is under it may start there.
    static func register(_ root: String) {
        guard root.hasPrefix("/"), root != "/" else { return }
        _ = roots.withLock { $0.insert(root) }
    }

    /// A new descriptor (to close) of the registered root that `path` is under, with the rest
    /// of the path's folders to walk; nil when `path` is under none, or the root is not there.
    ///
    /// The lock is held to look at and change the list, never across a system call: a
    /// mirror's commit threads walk to store files all at once, and a `dup` or a walk made
    /// under it left the other core idle while they queued for it.
    static func start(of path: String) -> (fd: Int32, root: String)? {
        guard let root = registeredRoot(above: path) else { return nil }
        var now = stat()
        guard root.withCString({ lstat($0, &now) }) == 0, now.st_mode & S_IFMT == S_IFDIR else { return nil }
        let device = UInt64(now.st_dev)
        let inode = UInt64(now.st_ino)
        let entry = kept.withLock { kept in kept.first { $0.path == root } }
        if let entry, entry.device == device, entry.inode == inode {
            let copy = fcntl(entry.fd, F_DUPFD_CLOEXEC, 0)
            // The copy is checked too: were the kept number closed meanwhile (another root
            // came) or by code that did not own it, and given to another file, the walk must
            // not start there.
            var held = stat()
            if copy >= 0, fstat(copy, &held) == 0, UInt64(held.st_dev) == device, UInt64(held.st_ino) == inode {
                return (copy, root)
            }
            if copy >= 0 { close(copy) }
        }
        guard let fd = try? FileSystem.walkFolders(root) else { return nil }
        var opened = stat()
        // Kept only when what the walk opened is what the path named a moment ago.
        guard fstat(fd, &opened) == 0, UInt64(opened.st_dev) == device, UInt64(opened.st_ino) == inode else { return (fd, root) }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return (fd, root) }
        let closing = kept.withLock { kept -> [Int32] in
            // The entry for this root, whatever another thread kept meanwhile, is this one.
            var closing = kept.filter { $0.path == root }.map(\.fd)
            kept.removeAll { $0.path == root }
            if kept.count >= limit { closing.append(kept.removeFirst().fd) }
            kept.append(Kept(path: root, fd: copy, device: device, inode: inode))
            return closing
        }
        for old in closing { close(old) }
        return (fd, root)
    }

    /// The deepest registered root that `path` is under (not `path` itself), each root (a
    /// process has one or a few) compared with the path byte by byte: a mirror asks this 27
    /// times a document, and a string made of each folder above the path was most of a walk's
    /// allocations.
    private static func registeredRoot(above path: String) -> String? {
        roots.withLock { roots -> String? in
            var deepest: String?
            for root in roots where root.utf8.count > (deepest?.utf8.count ?? 0) && isFolder(root, above: path) { deepest = root }
            return deepest
        }
    }

    /// Whether `path` names something under the folder `root`: `root` and a slash start it.
    private static func isFolder(_ root: String, above path: String) -> Bool {
        var rest = path.utf8[...]
        for byte in root.utf8 {
            guard rest.first == byte else { return false }
            rest = rest.dropFirst()
        }
        return rest.first == UInt8(ascii: "/")
    }
}

extension FileSystem {
    /// Says that `root` is a store's root: walks to its files may start at it, kept open
    /// (``KeptFolders``).
    package static func keepOpen(_ root: String) {
        KeptFolders.register(root)
    }

    /// Whether `name` is there, directly in the store root `root`: one `lstat`, `name` itself
    /// (a link too) never followed, the root's own path resolved as every walk that starts at the
    /// kept root resolves it (``KeptFolders``). Not for a name deeper in the store, where a folder
    /// on the way could be a link: a walk (``exists(_:)``) is for those. `reader serve` asks, for
    /// every page it keeps, whether the store has any note (its walk was 5 calls of 7 a request).
    package static func existsInRoot(_ root: String, _ name: String) -> Bool {
        guard !name.contains("/"), !name.isEmpty, name != ".", name != ".." else { return exists(root + "/" + name) }
        var info = stat()
        return lstat(root + "/" + name, &info) == 0
    }

    /// Whether `name`, directly in the store root `root`, is a folder (not a link to one), as
    /// ``existsInRoot(_:_:)`` looks: one `lstat`.
    package static func isFolderInRoot(_ root: String, _ name: String) -> Bool {
        guard !name.contains("/"), !name.isEmpty, name != ".", name != ".." else { return false }
        var info = stat()
        return (root + "/" + name).withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
