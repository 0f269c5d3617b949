import Foundation
import ReaderSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `file://` URL read (``Fetcher``): a file of this machine the user named, or one of a local
/// mirror (a `file://` base of a module, `READER_RFC_EDITOR_URL=file:///srv/rfc`).
///
/// Only regular files are read: the file is opened without blocking and looked at before a byte
/// is read, so a FIFO or a device named `rfc5.txt` is refused at once instead of waiting for a
/// writer that never comes. A host other than none or `localhost` is refused (the file would be
/// this machine's, whatever the URL says). A mirror's file must be a regular file inside the
/// mirror: not a link (`rfc6.txt → /etc/passwd` would store the password file as RFC 6), and
/// inside the mirror's folder once every link of its path is resolved.
enum FileFetch {
    /// Reads the file `url` names into `sink`, at most `limit` bytes. `mirrors`: the folders of
    /// the `file://` bases modules fetch from.
    static func read(_ url: String, limit: Int, mirrors: [String], into sink: any BodySink) throws -> FetchOutcome {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "file", !parsed.path.isEmpty else {
            throw ReaderError.usage("\(url): not a valid file URL")
        }
        let host = parsed.host ?? ""
        guard host.isEmpty || host.lowercased() == "localhost" else {
            throw ReaderError.usage("\(url): a file URL names a file of this machine; its host must be empty or localhost, not '\(host)'")
        }
        let path = parsed.path
        let mirror = mirrors.first { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        let fd: Int32
        if let mirror {
            flags |= O_NOFOLLOW
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            if !name.isEmpty, let opened = openFolder(FileSystem.parent(of: path), of: mirror) {
                // Opened in its folder, itself never followed: a link fails (ELOOP) and is
                // looked at below, to say where it leads.
                fd = openat(opened, name, flags)
            } else {
                if let outcome = try checkInside(mirror, path, url: url) { return outcome }
                fd = open(path, flags)
            }
            if fd < 0 && errno == ELOOP {
                if let outcome = try checkInside(mirror, path, url: url) { return outcome }
                throw refused(url, "a link, in a mirror whose files must be its own")
            }
        } else {
            fd = open(path, flags)
        }
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return .notFound }
            throw ReaderError.network(url: url, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw ReaderError.network(url: url, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw refused(url, "not a regular file (\(kind(status.st_mode)))") }
        // A regular file never blocks; reads are plain from here on.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        do {
            let count = try FileSystem.stream(fd, name: path, limit: limit) { piece in
                try sink.write(piece)
                return true
            }
            return .fetched(FetchedBody(count: count, url: url, mediaType: nil, charset: nil, etag: nil, lastModified: nil))
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError.network(url: url, reason: "\(error)")
        }
    }

    /// Whether `path`, every link of it resolved, is inside `mirror`'s folder: nil when it is,
    /// `.notFound` when it names nothing; a refusal when it leads nowhere or outside.
    private static func checkInside(_ mirror: String, _ path: String, url: String) throws -> FetchOutcome? {
        guard let folder = resolvedMirror(mirror), let file = resolved(path) else {
            // A name that does not resolve does not exist (or a link loops): not there.
            if FileManager.default.fileExists(atPath: path) || isLink(path) { throw refused(url, "a link that leads nowhere") }
            return .notFound
        }
        guard file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw refused(url, "it leads outside the mirror's folder \(mirror) (to \(file))")
        }
        return nil
    }

    /// The folders of mirrors' files, each opened once, where every link of its path was
    /// resolved and found inside its mirror: a file is then opened in it (`openat`), its
    /// own name never followed. Resolving each file's path anew (`realpath`) was a `readlink`
    /// for each name of it: five of a mirror's system calls a document. A folder moved or
    /// replaced later is still the one opened: its files are the mirror's, never the ones a
    /// link put in its place leads to. Never closed: a process reads from a few folders.
    private static let openFolders = Mutex<[String: Int32]>([:])

    /// The folder `folder` of `mirror`, opened; nil when it is not inside the mirror once its
    /// links are resolved, or not there (the file's own checks then say why), or when more
    /// folders than the bound are open already.
    private static func openFolder(_ folder: String, of mirror: String) -> Int32? {
        if let kept = openFolders.withLock({ $0[folder] }) { return kept }
        guard let root = resolvedMirror(mirror), let real = resolved(folder),
            real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        else { return nil }
        // `real` has no link left in it; O_NOFOLLOW keeps a link put there since from being followed.
        let fd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        let kept = openFolders.withLock { folders -> Int32? in
            if let other = folders[folder] { return other }
            guard folders.count < 16 else { return nil }
            folders[folder] = fd
            return fd
        }
        if kept != fd { close(fd) }
        return kept
    }

    private static func refused(_ url: String, _ reason: String) -> ReaderError {
        .network(url: url, reason: "refused: \(reason)")
    }

    /// The mirror folders resolved so far: a mirror of 1,067 RFCs resolved its folder's every
    /// link for each file (a `readlink` for each name in its path). Kept as first resolved: a
    /// link of the folder's path moved later leaves the files it then leads to outside the
    /// folder kept, so they are refused, never taken from elsewhere.
    private static let mirrorFolders = Mutex<[String: String]>([:])

    private static func resolvedMirror(_ mirror: String) -> String? {
        if let folder = mirrorFolders.withLock({ $0[mirror] }) { return folder }
        guard let folder = resolved(mirror) else { return nil }
        // A process names one or two mirrors; the bound is against a caller that names many.
        mirrorFolders.withLock { folders in
            if folders.count >= 16 { folders.removeAll() }
            folders[mirror] = folder
        }
        return folder
    }

    /// `path` with every link resolved; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
