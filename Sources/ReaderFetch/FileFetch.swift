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
        let mirror = mirrors.first { isInside(path, $0) }
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        let fd: Int32
        if let mirror {
            flags |= O_NOFOLLOW
            // The file's folder as checked before, while it still is that folder; else every link
            // of the file's path resolved and checked now.
            if !isCheckedFolder(FileSystem.parent(of: path), of: mirror), let outcome = try checkInside(mirror, path, url: url) {
                return outcome
            }
            // The file itself never followed: a link fails (ELOOP) and is looked at below, to
            // say where it leads.
            fd = open(path, flags)
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
        guard isInside(file, folder) else {
            throw refused(url, "it leads outside the mirror's folder \(mirror) (to \(file))")
        }
        return nil
    }

    /// The folders of mirrors' files found inside their mirror once every link of their path
    /// was resolved, by path, with the folder each path led to then (its device and inode).
    /// Resolving each file's path anew (`realpath`) was a `readlink` for each of its names: five
    /// of a mirror's system calls a document, where a folder still the one checked costs one
    /// `stat`. A folder moved, replaced or made a link since is another folder: checked anew,
    /// so a mirror updated by swapping its folders is read as it is now (`reader serve` runs for
    /// weeks), and a link put in a folder's place is never followed outside the mirror.
    private static let checkedFolders = Mutex<[String: FileIdentity]>([:])

    /// Whether `folder`, where a file of `mirror` is, leads to a folder inside the mirror: the
    /// one checked before, or one found inside it now.
    private static func isCheckedFolder(_ folder: String, of mirror: String) -> Bool {
        guard let now = FileIdentity(following: folder) else { return false }
        // The same folder, whatever was added to it since (its size and time move with it).
        if checkedFolders.withLock({ $0[folder] })?.isSameFile(as: now) == true { return true }
        guard let root = resolvedMirror(mirror), let real = resolved(folder),
            real == root || isInside(real, root),
            // The folder resolved is the one looked at a moment ago, not one put there since.
            FileIdentity(following: real)?.isSameFile(as: now) == true
        else { return false }
        checkedFolders.withLock { folders in
            // A process reads from a folder or two; the bound is against a caller that names many.
            if folders.count >= 64 { folders.removeAll() }
            folders[folder] = now
        }
        return true
    }

    /// Whether `path` is under `folder` (below it, not the folder itself), both absolute.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
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
