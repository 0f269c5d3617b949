import ReaderPluginAPI
import ReaderSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `catalog.first`: the first keys of `catalog.json` in the listing's number order
/// (``FirstKeys``), written by each compaction beside the file it wrote, so that `reader cache
/// ls --limit 20` of a million documents reads a few kilobytes rather than the 445 MB catalog.
///
/// Derived data, trusted only while it names the `catalog.json` that is there: its first line
/// holds that file's identity (``FileIdentity``: device, inode, size, time), which any other
/// write of `catalog.json` (a fold in memory, a recovery, an edit) changes. The journal's
/// changes since are applied as they are read. Anything else — no file, another catalog's, a
/// line that does not parse, more keys removed than it holds past the limit — and the listing
/// walks the whole catalog as before.
///
///     reader-first 1 <device> <inode> <size> <time> <complete: 0 or 1>
///     "rfc/1"
///     "rfc/2"
///     …
///
/// A key is kept as its catalog literal, one a line: JSON escapes every newline.
extension CatalogFile {
    private static let firstKeysTag = "reader-first 1 "
    /// A journal of more changes than this is walked whole rather than applied one by one.
    private static let firstKeysChangesAtMost = 10_000

    /// The first `limit` keys (their literals) of the catalog with the journal applied, in
    /// number order; nil when `catalog.first` cannot say (see above), or `limit` is more than
    /// it keeps.
    package func firstKeys(limit: Int) throws -> [[UInt8]]? {
        guard limit <= firstKeysKept, FileSystem.exists(firstKeysPath) else { return nil }
        do {
            // Shared: no compaction replaces the catalog or empties the journal meanwhile.
            return try FileLock.withLock(lockPath, .shared, reading: true) { () throws -> [[UInt8]]? in
                guard let identity = FileIdentity(path), let kept = Self.readFirstKeys(firstKeysPath),
                    kept.identity == identity.line
                else { return nil }
                let changes = try JournalChanges(journal)
                guard changes.keys.count <= Self.firstKeysChangesAtMost else { return nil }
                let changed = Set(changes.keys)
                var first = FirstKeys(limit: limit)
                // The kept keys no change touched, then every key the journal stores.
                var present = 0
                for key in kept.keys where !changed.contains(key) {
                    key.withUnsafeBytes { first.offer($0) }
                    present += 1
                }
                let keptKeys = Set(kept.keys)
                let journalFile = try FileSystem.openFile(journal.path, O_RDONLY)
                defer { if journalFile >= 0 { close(journalFile) } }
                try walk(base: -1, changes: changes, journalFile: journalFile) { key, _ in
                    first.offer(key)
                    if keptKeys.contains(Array(key)) { present += 1 }
                }
                // Past the kept keys the catalog holds others, each after every kept one: enough
                // kept keys must be left for none of them to be among the first.
                guard kept.complete || present >= limit else { return nil }
                return first.keys
            }
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    /// Writes `catalog.first` for the `catalog.json` just written (call with the lock held,
    /// after it was moved to its name): `first` its first keys, `complete` when they are all
    /// of them. Not flushed: a file lost or cut by a crash does not parse, or names another
    /// catalog, and is passed over.
    func writeFirstKeys(_ first: FirstKeys, complete: Bool) {
        guard let identity = FileIdentity(path) else { return }
        var bytes = Array((Self.firstKeysTag + identity.line + (complete ? " 1" : " 0") + "\n").utf8)
        for key in first.keys {
            bytes += key
            bytes.append(UInt8(ascii: "\n"))
        }
        do {
            let file = try TemporaryFile(in: FileSystem.parent(of: firstKeysPath))
            try file.write(bytes)
            try file.move(to: firstKeysPath, durable: false)
        } catch {
            // Without it, the listing walks the catalog: slower, never wrong.
            try? FileSystem.remove(firstKeysPath)
        }
    }

    /// The identity line and keys of a `catalog.first`; nil when it does not parse.
    private static func readFirstKeys(_ path: String) -> (identity: String, complete: Bool, keys: [[UInt8]])? {
        guard let bytes = try? FileSystem.read(path, limit: 16 << 20) else { return nil }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        guard let head = lines.first, let text = String(validating: head, as: UTF8.self), text.hasPrefix(firstKeysTag) else {
            return nil
        }
        let fields = text.dropFirst(firstKeysTag.count).split(separator: " ")
        guard fields.count == 5, fields[4] == "0" || fields[4] == "1" else { return nil }
        var keys: [[UInt8]] = []
        for line in lines.dropFirst() {
            // A key literal as the catalog writes it: quoted, no raw newline.
            guard line.count >= 2, line.first == UInt8(ascii: "\""), line.last == UInt8(ascii: "\"") else { return nil }
            keys.append(Array(line))
        }
        return (fields[0..<4].joined(separator: " "), fields[4] == "1", keys)
    }
}
