#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths walked without following links: every folder on the way is opened with
/// `openat(…, O_NOFOLLOW | O_DIRECTORY)` from the one before, so a link planted anywhere in
/// the store is met as `ELOOP` instead of being followed (see ``FileSystem``).
extension FileSystem {
    /// Opens the folder that holds `path`'s last name, following no link on the way; the
    /// descriptor (to close) and the name. A missing folder is `ENOENT`; a link, `ELOOP`.
    /// Under a store's root kept open (``KeptFolders``), the walk starts there.
    package static func openParent(_ path: String) throws -> (folder: Int32, name: String) {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.popLast() else { throw Failure(operation: "no file name in", path: path, code: EINVAL) }
        let owned = try KeptFolders.withRoot(of: path) { fd, root -> Int32 in
            let rest = parts.dropFirst(nameCount(root))
            guard rest.isEmpty else { return try walk(rest, from: fd, path: path, closingStart: false) }
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { throw fail("cannot open", path) }
            return copy
        }
        if let owned { return (owned, String(name)) }
        return (try walkFolders(path, parts[...]), String(name))
    }

    /// Runs `body` with the folder that holds `path`'s last name and that name, as
    /// ``openParent(_:)`` finds them; the folder is lent, not to be closed. A name directly in
    /// a kept store root (the journal, the locks) is opened in the kept root itself, with no
    /// descriptor of its own to make and close.
    static func withParent<T>(_ path: String, _ body: (Int32, String) throws -> T) throws -> T {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.popLast() else { throw Failure(operation: "no file name in", path: path, code: EINVAL) }
        let kept = try KeptFolders.withRoot(of: path) { fd, root -> T in
            let rest = parts.dropFirst(nameCount(root))
            if rest.isEmpty { return try body(fd, String(name)) }
            let folder = try walk(rest, from: fd, path: path, closingStart: false)
            defer { close(folder) }
            return try body(folder, String(name))
        }
        if let kept { return kept }
        let folder = try walkFolders(path, parts[...])
        defer { close(folder) }
        return try body(folder, String(name))
    }

    /// How many names an absolute path has, counted rather than split (a registered root).
    private static func nameCount(_ root: String) -> Int {
        var count = 0
        var previous = UInt8(ascii: "/")
        for byte in root.utf8 {
            if previous == UInt8(ascii: "/") && byte != previous { count += 1 }
            previous = byte
        }
        return count
    }

    /// A descriptor of the folder `path`, walked from `/` (or the working folder), following
    /// no link on the way.
    static func walkFolders(_ path: String) throws -> Int32 {
        try walkFolders(path, path.split(separator: "/", omittingEmptySubsequences: true)[...])
    }

    private static func walkFolders(_ path: String, _ parts: ArraySlice<Substring>) throws -> Int32 {
        let fd = open(path.hasPrefix("/") ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw fail("cannot open", "/") }
        return try walk(parts, from: fd, path: path)
    }

    /// Opens each of `parts` in turn from `start` (which it closes when `closingStart`: a
    /// kept root lent is not), never through a link.
    private static func walk(_ parts: ArraySlice<Substring>, from start: Int32, path: String, closingStart: Bool = true) throws -> Int32 {
        var fd = start
        for part in parts {
            // `withCString`: a string handed to C as a pointer is first copied into an array,
            // and a mirror walks to a store file a few dozen times a document.
            let next = part.withCString { openat(fd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            let code = next < 0 ? linkOr(errno, in: fd, String(part)) : 0
            if fd != start || closingStart { close(fd) }
            guard next >= 0 else { throw Failure(operation: "cannot open folder", path: path, code: code) }
            fd = next
        }
        return fd
    }

    /// ``openParent(_:)``, nil when a folder on the way does not exist.
    static func parentIfPresent(_ path: String) throws -> (folder: Int32, name: String)? {
        do {
            return try openParent(path)
        } catch let failure as Failure where failure.code == ENOENT {
            return nil
        }
    }

    /// `openat` of `path`'s last name in its folder, never through a link; -1 when it does not
    /// exist (and `flags` do not create it).
    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) throws -> Int32 {
        let opened: (fd: Int32, code: Int32)
        do {
            opened = try withParent(path) { folder, name in
                let fd = name.withCString { openat(folder, $0, flags | O_NOFOLLOW | O_CLOEXEC, mode) }
                return (fd, fd < 0 ? errno : 0)
            }
        } catch let failure as Failure where failure.code == ENOENT && flags & O_CREAT == 0 {
            return -1
        }
        if opened.fd < 0 {
            if opened.code == ENOENT && flags & O_CREAT == 0 { return -1 }
            throw Failure(operation: "cannot open", path: path, code: linkOr(opened.code))
        }
        return opened.fd
    }

    /// `ELOOP` for what `O_NOFOLLOW` refused: Linux says `ELOOP`, some systems `EMLINK`, and a
    /// link where a folder is expected (`O_DIRECTORY`) says `ENOTDIR`, so that one is looked at.
    static func linkOr(_ code: Int32, in folder: Int32? = nil, _ name: String? = nil) -> Int32 {
        if code == EMLINK { return ELOOP }
        if code == ENOTDIR, let folder, let name {
            var info = stat()
            if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK { return ELOOP }
        }
        return code
    }

    /// The kind of `path`'s last name, not following it: nil when absent.
    static func kind(_ path: String) -> mode_t? {
        let kind = try? withParent(path) { folder, name -> mode_t? in
            var info = stat()
            guard name.withCString({ fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
            return info.st_mode & S_IFMT
        }
        return kind ?? nil
    }

    /// What is at `path`, not following a link there: nil when nothing is.
    package enum EntryKind: Sendable { case file, folder, other }

    package static func entryKind(_ path: String) -> EntryKind? {
        guard let kind = kind(path) else { return nil }
        return kind == S_IFREG ? .file : kind == S_IFDIR ? .folder : .other
    }

    /// Whether `path` is there as a link, FIFO or device: nothing the store ever makes.
    package static func isNeitherFileNorFolder(_ path: String) -> Bool {
        guard let kind = kind(path) else { return false }
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// `path` with every link in it resolved, for a store's root: the part that exists is
    /// resolved by `realpath`, the rest appended as written. A path with no link in it comes
    /// back as the user wrote it, so that messages name it as they know it.
    package static func canonical(_ path: String) -> String {
        let resolved = resolvingLinks(path)
        let written = "/" + path.split(separator: "/").joined(separator: "/")
        return resolved == written ? path : resolved
    }

    private static func resolvingLinks(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while !existing.isEmpty && existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return ([base == "/" ? "" : base] + rest.reversed()).joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/") else { break }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = String(existing[..<slash])
        }
        return path
    }
}
