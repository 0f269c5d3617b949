import ReaderSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `catalog.journal`: the catalog changes made since `catalog.json` was last written, one JSON
/// line each (`{"key":"rfc/793","entry":{…}}`, `"entry":null` for a removal), so that storing
/// one more document appends a line instead of rewriting a catalog of thousands of entries.
///
/// Appends happen under the catalog lock and are flushed before they count. A process killed
/// mid-append leaves a last line without its newline: readers ignore it and the next append
/// cuts it off. Compaction folds the journal into `catalog.json`, then empties it and starts
/// it with a line of its own, a new generation (`{"journal":"<random>"}`), which is how a
/// reader that remembers what it read knows the journal it read is gone.
///
/// A key is looked up in what this process has read of the journal (``JournalView``): only the
/// bytes appended since its last look are read, so that a mirror of 10,000 RFCs, whose journal
/// grows to megabytes before the one compaction at the end, looks each key up in memory.
struct CatalogJournal: Sendable {
    let path: String
    private let view = JournalView()

    /// One change: the key as a JSON string literal, and the entry's JSON (nil: removed).
    struct Change {
        var key: [UInt8]
        var entry: [UInt8]?
    }

    private static let keyPrefix: [UInt8] = Array(#"{"key":"#.utf8)
    private static let entryPrefix: [UInt8] = Array(#","entry":"#.utf8)
    private static let null: [UInt8] = Array("null".utf8)

    /// Every complete change, oldest first.
    func changes() throws -> [Change] {
        var changes: [Change] = []
        try forEachLine { line, _ in
            if let change = Self.parse(ArraySlice(line)) { changes.append(change) }
        }
        return changes
    }

    /// Calls `body` with each complete line of the journal and its offset, a chunk at a time.
    func forEachLine(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws {
        let fd = try FileSystem.openFile(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
        try FileLines.scan(fd, from: 0, to: Int(info.st_size), path: path, body)
    }

    /// The last change of `key` (a literal), if the journal has one.
    func lastChange(of key: [UInt8]) throws -> Change? {
        try lastChanges(of: [key])[0]
    }

    /// The last change of each of `keys` (literals), with one look at the journal.
    func lastChanges(of keys: [[UInt8]]) throws -> [Change?] {
        let fd = try FileSystem.openFile(path, O_RDONLY)
        guard fd >= 0 else {
            view.forget()
            return keys.map { _ in nil }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
        let size = Int(info.st_size)
        let generation = try Self.generation(fd, size: size, path: path)
        return try keys.map { key in try view.lastChange(of: key, in: fd, size: size, generation: generation, path: path) }
    }

    /// Appends changes and flushes them, with one write. Call with the catalog lock held.
    func append(_ changes: [Change]) throws {
        var lines: [UInt8] = []
        for change in changes {
            lines += Self.keyPrefix + change.key + Self.entryPrefix + (change.entry ?? Self.null)
            lines += Array("}\n".utf8)
        }
        // Never through a link: one planted here would have this process write into, or empty,
        // a file outside the store.
        let fd = try FileSystem.openFile(path, O_RDWR | O_CREAT)
        defer { close(fd) }
        let end = try completeLength(fd)
        guard lseek(fd, off_t(end), SEEK_SET) >= 0 else { throw FileSystem.fail("cannot seek", path) }
        if end == 0 { lines = Self.generationLine() + lines }
        try FileSystem.writeAll(fd, lines, path: path)
        StoreChanges.noteOne(in: FileSystem.parent(of: path))
        guard fsync(fd) == 0 else { throw FileSystem.fail("cannot flush", path) }
    }

    /// Empties the journal once its changes are in `catalog.json`. Call with the lock held.
    func clear() throws {
        let fd = try FileSystem.openFile(path, O_WRONLY)
        if fd < 0 { return }
        defer { close(fd) }
        guard ftruncate(fd, 0) == 0 else { throw FileSystem.fail("cannot empty", path) }
        try FileSystem.writeAll(fd, Self.generationLine(), path: path)
        guard fsync(fd) == 0 else { throw FileSystem.fail("cannot empty", path) }
    }

    private static let generationPrefix: [UInt8] = Array(#"{"journal":""#.utf8)

    /// The first line of a new journal: a generation no journal had before.
    private static func generationLine() -> [UInt8] {
        generationPrefix + Array(FileSystem.randomToken().utf8) + Array("\"}\n".utf8)
    }

    /// The journal's first line when it is a generation line; empty for a journal written
    /// before there were any (it is then told apart by its size alone).
    private static func generation(_ fd: Int32, size: Int, path: String) throws -> [UInt8] {
        let head = try read(fd, from: 0, to: min(size, 128), path: path)
        guard head.starts(with: generationPrefix), let newline = head.firstIndex(of: UInt8(ascii: "\n")) else { return [] }
        return Array(head[..<newline])
    }

    private static func read(_ fd: Int32, from start: Int, to end: Int, path: String) throws -> [UInt8] {
        try FileLines.read(fd, from: start, to: end, path: path)
    }

    /// The size of the journal.
    var size: Int { FileSystem.status(path)?.size ?? 0 }

    /// Whether the journal holds any change: an empty one may hold its generation line.
    func hasChanges() throws -> Bool {
        let size = size
        guard size > 0 else { return false }
        // A generation line is under 64 bytes; anything longer holds a change.
        if size > 64 { return true }
        return try !changes().isEmpty
    }

    /// The length of the journal up to its last complete line; a torn line after it is cut off.
    private func completeLength(_ fd: Int32) throws -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
        let size = Int(info.st_size)
        guard size > 0 else { return 0 }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, off_t(size - 1)) == 1 else { throw FileSystem.fail("cannot read", path) }
        if last == UInt8(ascii: "\n") { return size }
        let complete = try FileLines.scan(fd, from: 0, to: size, path: path) { _, _ in }
        guard ftruncate(fd, off_t(complete)) == 0 else { throw FileSystem.fail("cannot cut torn line of", path) }
        return complete
    }

    /// The key literal of a change's line, without reading its entry.
    static func key(of line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard line.starts(with: keyPrefix), line.last == UInt8(ascii: "}") else { return nil }
        let start = keyPrefix.count
        guard let keyEnd = KeyedLines.literalEnd(line, from: start, to: line.count - 1) else { return nil }
        return UnsafeRawBufferPointer(rebasing: line[start..<keyEnd])
    }

    static func parse(_ line: ArraySlice<UInt8>) -> Change? {
        guard line.starts(with: keyPrefix), line.last == UInt8(ascii: "}") else { return nil }
        let rest = line.dropFirst(keyPrefix.count).dropLast()
        // Over the raw bytes: the generic ``KeyedLines/literalEnd(_:from:to:)`` is not
        // specialised across modules, and read each byte through a witness that allocated
        // (38,000 `malloc` calls in a mirror of 1,067 RFCs, on the commits' one thread).
        guard let keyLength = rest.withUnsafeBytes({ KeyedLines.literalEnd($0, from: 0, to: $0.count) }) else { return nil }
        let keyEnd = rest.startIndex + keyLength
        let key = Array(rest[..<keyEnd])
        let value = rest[keyEnd...]
        guard value.starts(with: entryPrefix) else { return nil }
        let entry = Array(value.dropFirst(entryPrefix.count))
        return Change(key: key, entry: entry == null ? nil : entry)
    }
}
