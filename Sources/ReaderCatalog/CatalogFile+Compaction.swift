import ReaderPluginAPI
import ReaderSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folding the journal into `catalog.json`.
///
/// `catalog.json` is sorted by key and the journal's last change of each key can be sorted
/// too, so the two are merged line by line into the new file and its copy: the memory a
/// compaction takes is the journal's keys, not the catalog. A mirror's last compaction at
/// 50,000 RFCs held the whole catalog three times over (its members, the journal's changes
/// and the new file's bytes); a store of a million documents could not have been compacted
/// within the memory budget at all. A `catalog.json` that cannot be walked so — damaged, in
/// an older layout, out of order — is folded in memory as before, from its copy if need be.
extension CatalogFile {
    /// Call with the lock held.
    func compactLocked() throws {
        let changes = try JournalChanges(journal)
        if try mergeLocked(changes) { return }
        try foldInMemoryLocked()
    }

    /// The journal's last change of each key, sorted by key. Each entry stays in the journal
    /// until its line is written.
    struct JournalChanges {
        var keys: [[UInt8]] = []
        var lines: [JournalView.Location] = []

        init(_ journal: CatalogJournal) throws {
            var latest: [[UInt8]: JournalView.Location] = [:]
            do {
                try journal.forEachLine { line, offset in
                    guard let key = CatalogJournal.key(of: line), CatalogJournal.parse(ArraySlice(line)) != nil else { return }
                    latest[Array(key)] = JournalView.Location(offset: offset, length: line.count)
                }
            } catch {
                throw ReaderError.damaged(what: "catalog.journal", reason: "\(error)")
            }
            keys = latest.keys.sorted { $0.lexicographicallyPrecedes($1) }
            lines = keys.map { latest[$0] ?? JournalView.Location(offset: 0, length: 0) }
        }
    }

    /// Not a `catalog.json` to merge into: fold in memory.
    struct NotMergeable: Error {}

    /// Merges the journal's changes into `catalog.json` (none yet: an empty one), writing the
    /// new file and its copy; false, with nothing changed, when `catalog.json` is not in the
    /// sorted line layout.
    private func mergeLocked(_ changes: JournalChanges) throws -> Bool {
        let folder = FileSystem.parent(of: path)
        let base = try FileSystem.openFile(path, O_RDONLY)
        defer { if base >= 0 { close(base) } }
        // A missing catalog with its copy there was deleted from outside: the fold in memory
        // says so and rebuilds it from the copy.
        if base < 0 && FileSystem.exists(previousPath) { return false }
        let journalFile = try FileSystem.openFile(journal.path, O_RDONLY)
        defer { if journalFile >= 0 { close(journalFile) } }
        let current = try TemporaryFile(in: folder, bufferSize: 1 << 20)
        // A copy, not a link: damage done in place (a truncation, an editor) must not reach it.
        let copy = try TemporaryFile(in: folder, bufferSize: 1 << 20)
        var writer = MemberWriter(files: [current, copy])
        // The first keys in number order, for `cache ls --limit` (`catalog.first`).
        var first = FirstKeys(limit: firstKeysKept)
        var members = 0
        try writer.start()
        do {
            try walk(base: base, changes: changes, journalFile: journalFile) { key, entry in
                try writer.member(key, entry)
                first.offer(key)
                members += 1
            }
        } catch {
            // Not mergeable, or unreadable: the fold in memory reads it, or its copy, and
            // says what may have been lost. The new files are removed with their objects.
            return false
        }
        try writer.finish()
        try current.move(to: path)
        try copy.move(to: previousPath)
        try journal.clear()
        writeFirstKeys(first, complete: members <= firstKeysKept)
        return true
    }

    /// Calls `body` with the key literal and entry of every member of the catalog open as
    /// `base` (none: -1) with `changes` applied, in key order; throws ``NotMergeable`` when the
    /// catalog is not in the sorted line layout.
    func walk(
        base: Int32, changes: JournalChanges, journalFile: Int32, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var next = 0
        /// Gives the journal's change at `next` (nothing for a removal).
        func change() throws {
            let location = changes.lines[next]
            let line = try FileLines.read(journalFile, from: location.offset, to: location.offset + location.length, path: journal.path)
            guard let change = CatalogJournal.parse(line[...]) else {
                throw ReaderError.damaged(what: "catalog.journal", reason: "a line changed while it was being read")
            }
            if let entry = change.entry {
                try change.key.withUnsafeBytes { key in try entry.withUnsafeBytes { try body(key, $0) } }
            }
            next += 1
        }
        if base >= 0 {
            try walkBase(base) { key, entry in
                while next < changes.keys.count, changes.keys[next].lexicographicallyPrecedes(key) { try change() }
                if next < changes.keys.count, changes.keys[next].elementsEqual(key) {
                    try change()
                } else {
                    try body(key, entry)
                }
            }
        }
        while next < changes.keys.count { try change() }
    }

    /// Calls `body` with the key literal and the entry of each line of the catalog open as
    /// `fd`, in order; throws ``NotMergeable`` when it is not in the sorted line layout.
    private func walkBase(_ fd: Int32, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.fail("cannot stat", path) }
        let size = Int(info.st_size)
        let footer = KeyedLines.footer
        guard size >= Self.header.count + footer.count,
            try FileLines.read(fd, from: 0, to: Self.header.count, path: path) == Self.header,
            try FileLines.read(fd, from: size - footer.count, to: size, path: path) == footer
        else { throw NotMergeable() }
        let end = size - footer.count
        var previous: [UInt8] = []
        let walked = try FileLines.scan(fd, from: Self.header.count, to: end, path: path) { line, _ in
            guard let keyEnd = KeyedLines.literalEnd(line, from: 0, to: line.count) else { throw NotMergeable() }
            var entryEnd = line.count
            if line.last == UInt8(ascii: ",") { entryEnd -= 1 }
            guard keyEnd < entryEnd, line[keyEnd] == UInt8(ascii: ":") else { throw NotMergeable() }
            let key = UnsafeRawBufferPointer(rebasing: line[0..<keyEnd])
            guard previous.isEmpty || Self.precedes(previous, key) else { throw NotMergeable() }
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: key)
            try body(key, UnsafeRawBufferPointer(rebasing: line[(keyEnd + 1)..<entryEnd]))
        }
        guard walked == end else { throw NotMergeable() }
    }

    /// The fold of a catalog that is not in the sorted line layout, or is missing or damaged:
    /// its members in memory, the copy's when it cannot be read.
    private func foldInMemoryLocked() throws {
        var (members, loss) = foldBase()
        // Before the catalog it describes: a rebuilt catalog is never seen without it.
        if let loss { try partial.mark(loss) }
        for change in try changes() { members[change.key] = change.entry }
        let bytes = KeyedLines.encode(header: Self.header, members.map { KeyedLines.Member(key: $0.key, value: $0.value) })
        try FileSystem.writeAtomically(bytes, to: path)
        // A copy, not a link: damage done in place (a truncation, an editor) must not reach it.
        try FileSystem.writeAtomically(bytes, to: previousPath)
        try journal.clear()
    }

    /// The catalog the journal is folded into — `catalog.json`, else its copy — and, when
    /// neither could be read as a whole catalog, why the result may lack entries.
    private func foldBase() -> (members: [[UInt8]: [UInt8]], loss: String?) {
        let problem: String
        do {
            if let current = try baseMembers(at: path, named: "catalog.json") { return (current, nil) }
            // No catalog yet, unless its copy says there was one.
            guard FileSystem.exists(previousPath) else { return ([:], nil) }
            problem = "catalog.json was missing"
        } catch {
            problem = "catalog.json was unreadable"
        }
        let journalOnly = "; the catalog was rebuilt from catalog.journal alone"
        do {
            guard let copy = try baseMembers(at: previousPath, named: "catalog.prev.json") else {
                return ([:], problem + " and catalog.prev.json missing" + journalOnly)
            }
            // Before 0.2 the copy was the catalog before the last one, in another layout.
            guard let file = try? MappedFile(path: previousPath), Self.isLineLayout(file) else {
                return (copy, problem + " and catalog.prev.json, in the layout of reader 0.1, may lack the last change")
            }
            return (copy, nil)
        } catch {
            return ([:], problem + " and so was catalog.prev.json" + journalOnly)
        }
    }
}

/// Writes a catalog's members, in order, to its file and the copy at once: the same bytes as
/// ``KeyedLines/encode(header:_:)`` (a comma ends every line but the last).
private struct MemberWriter {
    let files: [TemporaryFile]
    private var written = 0
    private static let separator: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\n")]
    private static let colon: [UInt8] = [UInt8(ascii: ":")]
    private static let newline: [UInt8] = [UInt8(ascii: "\n")]

    init(files: [TemporaryFile]) { self.files = files }

    func start() throws {
        for file in files { try file.write(CatalogFile.header) }
    }

    /// A member from its key literal and entry.
    mutating func member(_ key: UnsafeRawBufferPointer, _ entry: UnsafeRawBufferPointer) throws {
        try separate()
        for file in files {
            try file.write(key)
            try file.write(Self.colon)
            try file.write(entry)
        }
    }

    func finish() throws {
        for file in files {
            if written > 0 { try file.write(Self.newline) }
            try file.write(KeyedLines.footer)
        }
    }

    private mutating func separate() throws {
        if written > 0 { for file in files { try file.write(Self.separator) } }
        written += 1
    }
}

extension CatalogFile {
    /// Calls `body` with the key literal and the entry's JSON of every stored document, the
    /// journal's changes applied, in the order of the keys' bytes — one pass over the catalog's
    /// lines, none decoded: what a listing of the first 20 of a million documents needs. Under
    /// the catalog lock, shared: no compaction empties the journal meanwhile. False, with
    /// what `body` was given to be forgotten, when `catalog.json` is not in the sorted line
    /// layout (an older store, damage): ``read()`` reads it whole, or says what is wrong.
    package func forEachMember(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        try walkShared(checkedFirst: false, body)
    }

    /// Every stored entry, the journal's changes applied, decoded one at a time in the order
    /// of the keys' bytes: what `stats`, `verify` and `gc` need of a million entries without
    /// holding them (``read()`` holds them all: a gigabyte). `body` sees each entry once: a
    /// catalog not in the sorted line layout is found so before the first, and read whole.
    package func forEachEntry(_ body: (String, CatalogEntry) throws -> Void) throws {
        try forEachEntry(withPrefix: "", body)
    }

    /// ``forEachEntry(_:)`` of the keys that begin with `prefix`; the others are walked, not
    /// decoded (a key's literal begins with the prefix's, less its closing quote, exactly when
    /// the key begins with the prefix: JSON escapes character by character).
    package func forEachEntry(withPrefix prefix: String, _ body: (String, CatalogEntry) throws -> Void) throws {
        let start = KeyedLines.literal(prefix).dropLast()
        let walked = try walkShared(checkedFirst: true) { literal, json in
            guard literal.starts(with: start) else { return }
            let key = try Self.key(literal)
            try body(key, try decode(Array(json), of: key, in: "catalog.json"))
        }
        guard !walked else { return }
        let entries = try read().entries.filter { $0.key.hasPrefix(prefix) }
        let order = { (a: String, b: String) in KeyedLines.literal(a).lexicographicallyPrecedes(KeyedLines.literal(b)) }
        for (key, entry) in entries.sorted(by: { order($0.key, $1.key) }) {
            try body(key, entry)
        }
    }

    /// The key a literal of the catalog writes.
    package static func key(_ literal: UnsafeRawBufferPointer) throws -> String {
        guard case .string(let key)? = JSONValue(jsonText: String(decoding: literal, as: UTF8.self)) else {
            throw ReaderError.damaged(what: "catalog.json", reason: "a key is not a JSON string")
        }
        return key
    }

    /// Whether `a` comes before `b` in the order of their bytes (`memcmp`, then the shorter):
    /// the check that a catalog's lines are sorted, made for each of a million lines.
    static func precedes(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBytes { a in
            guard let left = a.baseAddress, let right = b.baseAddress, common > 0 else { return Int32(0) }
            return memcmp(left, right, common)
        }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// ``walk(base:changes:journalFile:_:)`` under the shared lock; with `checkedFirst`, a walk
    /// that calls nothing first, so that `body` is called only for a catalog walked whole.
    private func walkShared(checkedFirst: Bool, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard FileSystem.exists(path) || FileSystem.exists(journal.path) else {
            try checkNotDeleted()
            return true
        }
        do {
            return try FileLock.withLock(lockPath, .shared, reading: true) {
                let changes = try JournalChanges(journal)
                let base = try FileSystem.openFile(path, O_RDONLY)
                defer { if base >= 0 { close(base) } }
                if base < 0 && FileSystem.exists(previousPath) { return false }
                let journalFile = try FileSystem.openFile(journal.path, O_RDONLY)
                defer { if journalFile >= 0 { close(journalFile) } }
                do {
                    if checkedFirst { try walk(base: base, changes: changes, journalFile: journalFile) { _, _ in } }
                    try walk(base: base, changes: changes, journalFile: journalFile, body)
                } catch is NotMergeable {
                    return false
                }
                return true
            }
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }
}
