import Foundation
import ReaderPluginAPI
import ReaderSupport

/// `catalog.json` on disk, with its journal beside it.
///
/// - Reading one key costs the same with 10 entries or 10,000: the journal's new lines are
///   read (``JournalView``), then the key is found by binary search in `catalog.json`
///   (``KeyedLines``), and only its entry is decoded. Readers take no lock: `catalog.json` is
///   only ever replaced by a rename, so it is valid JSON at every instant.
/// - Writing one entry appends a line to `catalog.journal` (``CatalogJournal``) under the
///   `lock` file. The journal is folded into `catalog.json` at the end of every command that
///   stored something (``compact()``; inline only past ``journalLimit``), so that
///   `catalog.json` alone is the whole catalog whenever no `reader` is running.
/// - Each compaction also writes a copy, `catalog.prev.json`, to recover from outside damage:
///   a fetch after `catalog.json` was cut in half rebuilds it from the copy and the journal.
///   When the copy cannot be read either, what is rebuilt may lack entries: `catalog.partial`
///   (``PartialMarker``) says so, and `gc` removes nothing while it is there.
public struct CatalogFile: Sendable {
    public let path: String
    let previousPath: String
    let lockPath: String
    let journal: CatalogJournal
    package let partial: PartialMarker
    /// Compaction happens inline once the journal holds this many bytes (about 100,000
    /// entries): a bound for a journal that commands killed before their compaction left, not
    /// a rhythm — a command compacts once, at its end, however much it stored (a key is looked
    /// up in what this process has read of the journal, not by reading it again).
    let journalLimit: Int
    /// `catalog.first` (CatalogFile+FirstKeys.swift), and how many keys it keeps.
    let firstKeysPath: String
    let firstKeysKept: Int
    /// `catalog.json` as last mapped by ``entry(_:)`` or ``documentBlobs(of:)``.
    let mapping = KeptMapping()

    static let header: [UInt8] = Array(#"{"version":1,"entries":{"#.utf8) + [UInt8(ascii: "\n")]

    public init(root: String, journalLimit: Int = 32 << 20, firstKeysKept: Int = 1000) {
        path = root + "/catalog.json"
        previousPath = root + "/catalog.prev.json"
        lockPath = root + "/lock"
        journal = CatalogJournal(path: root + "/catalog.journal")
        partial = PartialMarker(path: root + "/catalog.partial")
        self.journalLimit = journalLimit
        firstKeysPath = root + "/catalog.first"
        self.firstKeysKept = max(0, firstKeysKept)
    }

    /// Whether `key` is stored: ``entry(_:)`` without decoding the entry (a page asks it of
    /// every document it names). Throws `ReaderError.damaged` when the catalog is damaged.
    public func contains(_ key: String) throws -> Bool {
        try locate(key) != nil
    }

    /// The entry of `key`, if stored. Throws `ReaderError.damaged` when the catalog is damaged.
    public func entry(_ key: String) throws -> CatalogEntry? {
        switch try locate(key) {
        case .json(let bytes, let name)?: try decode(bytes, of: key, in: name)
        case .decoded(let entry)?: entry
        case nil: nil
        }
    }

    /// Where a stored entry was found: its JSON and the file it is in, or the entry itself,
    /// from a `catalog.json` read whole (not the sorted line layout).
    private enum Located {
        case json([UInt8], in: String)
        case decoded(CatalogEntry)
    }

    /// `key`'s entry, nil when it is not stored: the journal first, then `catalog.json`'s sorted
    /// lines. A compaction between the two reads moves the journal's changes into the
    /// `catalog.json` read next, and nothing is missed.
    private func locate(_ key: String) throws -> Located? {
        let literal = KeyedLines.literal(key)
        let change: CatalogJournal.Change?
        do {
            change = try journal.lastChange(of: literal)
        } catch {
            throw ReaderError.damaged(what: "catalog.journal", reason: "\(error)")
        }
        if let change { return change.entry.map { .json($0, in: "catalog.journal") } }
        let file: MappedFile?
        do {
            // Kept mapped while it is the same file: `open` looks up its key and the keys its
            // view depends on, and each lookup mapped and unmapped the whole file.
            file = try mapping.map(path)
        } catch {
            throw ReaderError.damaged(what: "catalog.json", reason: "\(error)")
        }
        guard let file else {
            try checkNotDeleted()
            return nil
        }
        switch file.withBytes({ KeyedLines.find(literal, in: $0, header: Self.header) }) {
        case .found(let range):
            return .json(file.withBytes { Array($0[range]) }, in: "catalog.json")
        case .absent:
            return nil
        case .otherLayout:
            return try decodeWhole(at: path, named: "catalog.json")?.entries[key].map { .decoded($0) }
        }
    }

    /// The whole catalog: `catalog.json` with the journal applied; empty when there is none yet.
    public func read() throws -> Catalog {
        var catalog = Catalog()
        if let base = try base(at: path, named: "catalog.json") {
            catalog = base
        } else {
            try checkNotDeleted()
        }
        try apply(try changes(), to: &catalog)
        return catalog
    }

    /// Records the entry of `key` (nil removes it) with one flushed journal line. The store's
    /// commits record theirs together, a group at a time (``record(contentsOf:)``).
    public func record(_ key: String, _ entry: CatalogEntry?) throws {
        try record(contentsOf: [(key, entry)])
    }

    /// Changes the entry of `key` under the lock, so that no other writer's change is lost.
    @discardableResult
    public func update<T>(_ key: String, _ change: (inout CatalogEntry?) throws -> T) throws -> T {
        try locked {
            // A damaged catalog reads as "not stored" here, so that storing the key repairs it.
            let before = try? self.entry(key)
            var entry = before
            let result = try change(&entry)
            guard entry != before else { return result }
            try journal.append([CatalogJournal.Change(key: KeyedLines.literal(key), entry: try entry.map(Self.encode))])
            if journal.size > journalLimit { try compactLocked() }
            return result
        }
    }

    /// Records many entries with one journal write and its flush (nil removes a key): the
    /// commits ending at the same moment (`Store.placeAndRecord`), an import, a test.
    public func record(contentsOf entries: [(key: String, entry: CatalogEntry?)]) throws {
        let changes = try entries.map { CatalogJournal.Change(key: KeyedLines.literal($0.key), entry: try $0.entry.map(Self.encode)) }
        try locked {
            try journal.append(changes)
            if journal.size > journalLimit { try compactLocked() }
        }
    }

    /// Folds the journal into `catalog.json`. A damaged `catalog.json` is replaced by the last
    /// good version with the journal applied, so that a fetch repairs it.
    public func compact() throws {
        try locked {
            guard try journal.hasChanges() || !isCompact() else { return }
            try compactLocked()
        }
    }

    /// A missing `catalog.json` is a new store, unless its copy is there: then it was deleted
    /// from outside, and an empty catalog would tell `gc` that no blob is named.
    func checkNotDeleted() throws {
        // One `lstat` each (both are names in the root): a new store has no `catalog.json` until
        // its first command ends, and every lookup of a mirror into one asked here, walking.
        let root = FileSystem.parent(of: path)
        guard FileSystem.existsInRoot(root, "catalog.prev.json"), !FileSystem.existsInRoot(root, "catalog.json") else { return }
        throw ReaderError.damaged(what: "catalog.json", reason: "missing, while catalog.prev.json is there")
    }

    /// Whether `catalog.json` is absent or already in the one-line-per-entry layout.
    private func isCompact() -> Bool {
        guard let file = try? MappedFile(path: path) else { return true }
        return Self.isLineLayout(file)
    }

    static func isLineLayout(_ file: MappedFile) -> Bool {
        file.withBytes { $0.starts(with: header) && $0.reversed().starts(with: KeyedLines.footer.reversed()) }
    }

    func locked<T>(_ body: () throws -> T) throws -> T {
        do {
            return try FileLock.withLock(lockPath, .exclusive, body)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    func changes() throws -> [CatalogJournal.Change] {
        do {
            return try journal.changes()
        } catch {
            throw ReaderError.damaged(what: "catalog.journal", reason: "\(error)")
        }
    }

    private func apply(_ changes: [CatalogJournal.Change], to catalog: inout Catalog) throws {
        for change in changes {
            guard case .string(let key)? = JSONValue(jsonText: String(decoding: change.key, as: UTF8.self)) else { continue }
            catalog.entries[key] = try change.entry.map { try decode($0, of: key, in: "catalog.journal") }
        }
    }

    /// The members of a catalog file as key literal → entry JSON, without decoding entries.
    func baseMembers(at path: String, named name: String) throws -> [[UInt8]: [UInt8]]? {
        guard let file = try map(path, named: name) else { return nil }
        if let members = file.withBytes({ KeyedLines.members(in: $0, header: Self.header) }) {
            return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        }
        guard let catalog = try decodeWhole(at: path, named: name) else { return nil }
        var members: [[UInt8]: [UInt8]] = [:]
        for (key, entry) in catalog.entries { members[KeyedLines.literal(key)] = try Self.encode(entry) }
        return members
    }

    private func base(at path: String, named name: String) throws -> Catalog? {
        guard let file = try map(path, named: name) else { return nil }
        guard let members = file.withBytes({ KeyedLines.members(in: $0, header: Self.header) }) else {
            return try decodeWhole(at: path, named: name)
        }
        var catalog = Catalog()
        for member in members {
            guard case .string(let key)? = JSONValue(jsonText: String(decoding: member.key, as: UTF8.self)) else {
                throw ReaderError.damaged(what: name, reason: "a key is not a JSON string")
            }
            catalog.entries[key] = try decode(member.value, of: key, in: name)
        }
        return catalog
    }

    private func map(_ path: String, named name: String) throws -> MappedFile? {
        do {
            return try MappedFile(path: path)
        } catch {
            throw ReaderError.damaged(what: name, reason: "\(error)")
        }
    }

    /// A catalog in any JSON layout (as older versions wrote it), decoded whole.
    private func decodeWhole(at path: String, named name: String) throws -> Catalog? {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw ReaderError.damaged(what: name, reason: "\(error)")
        }
        guard let bytes else { return nil }
        do {
            return try JSONDecoder().decode(Catalog.self, from: Data(bytes))
        } catch {
            throw ReaderError.damaged(what: name, reason: "not a valid catalog")
        }
    }

    func decode(_ bytes: [UInt8], of key: String, in name: String) throws -> CatalogEntry {
        do {
            return try JSONDecoder().decode(CatalogEntry.self, from: Data(bytes))
        } catch {
            throw ReaderError.damaged(what: "\(name) entry \(key)", reason: "not a catalog entry")
        }
    }

    static func encode(_ entry: CatalogEntry) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(entry))
    }
}
