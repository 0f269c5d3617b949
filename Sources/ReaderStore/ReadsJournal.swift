import Foundation
import ReaderJSON
import ReaderSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reads.journal`: what was opened — by `reader open` or as a page of `reader serve` — one
/// JSON line per open, `{"key":"rfc/793","openedAt":"2026-11-25T20:50:00Z"}`, appended. The
/// home page's "Recently read" is made from it (what was fetched is not what was read: a
/// mirror fetches a thousand RFCs and reads none).
///
/// Made to be extended (issue 31 carries read state through push and pull): a reader takes
/// `key` and `openedAt` from each line and ignores other members and lines it cannot read. An
/// append holds `flock` on the file itself; a line torn by `kill -9` is never read as an
/// open (the next append starts on a line of its own). Past ``foldSize`` bytes the journal is
/// folded to the last open of each of the ``keptKeys`` keys read last, written beside it and
/// renamed over it, so it never grows without bound. Never through a link (``FileSystem``).
public struct ReadsJournal: Sendable {
    public let path: String

    /// One open: which document, and when (ISO 8601, UTC).
    public struct Open: Sendable, Equatable, Codable {
        public var key: String
        public var openedAt: String

        public init(key: String, openedAt: String) {
            self.key = key
            self.openedAt = openedAt
        }
    }

    static let foldSize = 64 << 10
    static let keptKeys = 200

    package init(root: String) {
        path = root + "/reads.journal"
    }

    /// Notes that `key` was opened now. Failing to note it costs the history, never the open:
    /// callers may ignore the error.
    public func record(_ key: String, at date: Date = Date()) throws {
        let line = Self.line(Open(key: key, openedAt: Self.timestamp(date)))
        for _ in 0..<3 {
            let fd = try FileSystem.openFile(path, O_RDWR | O_CREAT | O_APPEND)
            defer { close(fd) }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { throw FileSystem.fail("cannot lock", path) }
            }
            // Folded (renamed over) while this process waited: append to the file there now.
            guard Self.sameFile(fd, path) else { continue }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
            let size = Int(info.st_size)
            var bytes = line
            // A line torn by a killed process stays a line of its own, read as nothing.
            var last: UInt8 = 0
            if size > 0, pread(fd, &last, 1, off_t(size - 1)) == 1, last != UInt8(ascii: "\n") { bytes.insert(UInt8(ascii: "\n"), at: 0) }
            try FileSystem.writeAll(fd, bytes, path: path)
            if size + bytes.count > Self.foldSize { try fold() }
            return
        }
    }

    /// The documents opened, the last open of each, newest first; at most `limit`.
    public func recent(limit: Int) throws -> [Open] {
        Array(Self.latest(try opens()).prefix(max(0, limit)))
    }

    /// Every open the journal holds, oldest first; torn and unreadable lines left out.
    public func opens() throws -> [Open] {
        guard let bytes = try FileSystem.read(path, limit: 4 * Self.foldSize) else { return [] }
        let decoder = JSONDecoder()
        var opens: [Open] = []
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if let open = try? decoder.decode(Open.self, from: Data(bytes[start..<newline])) { opens.append(open) }
            start = newline + 1
        }
        return opens
    }

    /// The journal rewritten with only the last open of each of the keys read last. Called
    /// with the lock held.
    private func fold() throws {
        let kept = Self.latest(try opens()).prefix(Self.keptKeys).reversed()
        var bytes: [UInt8] = []
        for open in kept { bytes += Self.line(open) }
        try FileSystem.writeAtomically(bytes, to: path, durable: false)
    }

    /// The last open of each key, newest first.
    private static func latest(_ opens: [Open]) -> [Open] {
        var seen = Set<String>()
        var latest: [Open] = []
        for open in opens.reversed() where seen.insert(open.key).inserted { latest.append(open) }
        return latest
    }

    /// `{"key":"rfc/793","openedAt":"…"}` and a newline, written here rather than by
    /// `JSONEncoder`: every `reader open` appends one, and the encoder and Foundation's date
    /// format (which reads the time zone database) were a tenth of `open 793`'s process.
    static func line(_ open: Open) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + open.key.utf8.count)
        writer.raw("{\"key\":")
        writer.string(open.key)
        writer.raw(",\"openedAt\":")
        writer.string(open.openedAt)
        writer.raw("}\n")
        return writer.take()
    }

    /// `2026-11-25T20:50:00Z`: the date in UTC to the second, as `ISO8601Format()` writes it.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.ISO8601Format() }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    private static func sameFile(_ fd: Int32, _ path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, let parent = try? FileSystem.openParent(path) else { return false }
        defer { close(parent.folder) }
        guard fstatat(parent.folder, parent.name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}

extension Store {
    /// What was opened, by `reader open` and `reader serve`'s pages (``ReadsJournal``).
    public var reads: ReadsJournal { ReadsJournal(root: root) }
}
