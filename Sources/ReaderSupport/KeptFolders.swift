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
/// anything. It is lent to a walk rather than copied (``withRoot(of:_:)``): a name directly in
/// the root is opened in it, a deeper one walked to from it.
enum KeptFolders {
    private struct Kept {
        /// This keeping's own number: a loan is given back by it, not by the descriptor's
        /// number, which a descriptor closed by code that did not own it may share.
        var id: Int
        var path: String
        var fd: Int32
        var device: UInt64
        var inode: UInt64
        /// Walks using the descriptor now (``withRoot(of:_:)``): it is closed only once none is.
        var users = 0
        /// Replaced (another root came, or the path names another folder now): closed when
        /// its last user is done, never lent again.
        var retired = false
        /// False once the number was found to name another file: never closed by this list.
        var owned = true
    }

    private struct List {
        var kept: [Kept] = []
        var nextID = 0
    }

    /// A few roots at most (a process serves one store; a test process makes many): the
    /// oldest is closed when another comes.
    private static let limit = 4
    private static let list = Mutex(List())
    private static let roots = Mutex<Set<String>>([])

    /// Says that `root` is a store's root: walks to what is under it may start there.
    static func register(_ root: String) {
        guard root.hasPrefix("/"), root != "/" else { return }
        _ = roots.withLock { $0.insert(root) }
    }

    /// Runs `body` with the kept descriptor of the registered root that `path` is under (lent:
    /// not to be closed) and that root; nil, without running it, when `path` is under none or
    /// the root is not there.
    ///
    /// Lent rather than copied: a copy (`dup`) and its `close` were two of every walk's calls,
    /// and a mirror walks to a store file a dozen times a document. A descriptor lent is never
    /// closed while lent (a count of its users); the lock is held only to look at and change
    /// the list, never across a system call — commit threads walk all at once.
    static func withRoot<T>(of path: String, _ body: (Int32, String) throws -> T) rethrows -> T? {
        guard let root = registeredRoot(above: path) else { return nil }
        var now = stat()
        guard root.withCString({ lstat($0, &now) }) == 0, now.st_mode & S_IFMT == S_IFDIR else { return nil }
        let device = UInt64(now.st_dev)
        let inode = UInt64(now.st_ino)
        if let loan = borrow(root, device: device, inode: inode) {
            let (fd, id) = loan
            // The kept number is checked too: were it closed by code that did not own it and
            // given to another file, the walk must not start there (nor this list close it).
            var held = stat()
            guard fstat(fd, &held) == 0, UInt64(held.st_dev) == device, UInt64(held.st_ino) == inode else {
                giveBack(id, disowning: true)
                return try walkedAfresh(root, device: device, inode: inode, body)
            }
            defer { giveBack(id) }
            return try body(fd, root)
        }
        return try walkedAfresh(root, device: device, inode: inode, body)
    }

    /// ``withRoot(of:_:)`` when no kept descriptor serves: the root walked to from `/`, kept
    /// for the next walks when it is the folder the path named a moment ago.
    private static func walkedAfresh<T>(
        _ root: String, device: UInt64, inode: UInt64, _ body: (Int32, String) throws -> T
    ) rethrows -> T? {
        guard let fd = try? FileSystem.walkFolders(root) else { return nil }
        var opened = stat()
        // Kept only when what the walk opened is what the path named a moment ago.
        guard fstat(fd, &opened) == 0, UInt64(opened.st_dev) == device, UInt64(opened.st_ino) == inode else {
            defer { close(fd) }
            return try body(fd, root)
        }
        let (id, closing) = list.withLock { list -> (Int, [Int32]) in
            // This root's entries before are retired, whatever another thread kept meanwhile.
            for index in list.kept.indices where list.kept[index].path == root { list.kept[index].retired = true }
            if list.kept.filter({ !$0.retired }).count >= limit, let oldest = list.kept.firstIndex(where: { !$0.retired }) {
                list.kept[oldest].retired = true
            }
            list.nextID += 1
            list.kept.append(Kept(id: list.nextID, path: root, fd: fd, device: device, inode: inode, users: 1))
            return (list.nextID, sweep(&list.kept))
        }
        for old in closing { close(old) }
        defer { giveBack(id) }
        return try body(fd, root)
    }

    /// The kept descriptor of `root` while it is that folder, counted as lent.
    private static func borrow(_ root: String, device: UInt64, inode: UInt64) -> (fd: Int32, id: Int)? {
        list.withLock { list -> (fd: Int32, id: Int)? in
            guard let index = list.kept.firstIndex(where: { $0.path == root && !$0.retired }) else { return nil }
            guard list.kept[index].device == device && list.kept[index].inode == inode else {
                // The path names another folder now: walked to afresh, and kept anew.
                list.kept[index].retired = true
                return nil
            }
            list.kept[index].users += 1
            return (list.kept[index].fd, list.kept[index].id)
        }
    }

    /// Ends loan `id`; closes the descriptor when it was retired and this was its last user.
    /// `disowning`: its number was found to name another file, so it is retired and never closed.
    private static func giveBack(_ id: Int, disowning: Bool = false) {
        let closing = list.withLock { list -> [Int32] in
            if let index = list.kept.firstIndex(where: { $0.id == id }) {
                list.kept[index].users -= 1
                if disowning {
                    list.kept[index].retired = true
                    list.kept[index].owned = false
                }
            }
            return sweep(&list.kept)
        }
        for old in closing { close(old) }
    }

    /// Takes the retired entries no walk uses out of the list; the descriptors it owns, to close.
    private static func sweep(_ kept: inout [Kept]) -> [Int32] {
        let done = kept.filter { $0.retired && $0.users == 0 && $0.owned }.map(\.fd)
        kept.removeAll { $0.retired && $0.users == 0 }
        return done
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
