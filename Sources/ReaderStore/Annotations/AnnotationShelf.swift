import Foundation
import ReaderSupport

/// `annotations/`: the records of notes, tags and read state (``AnnotationRecord``), one file
/// each, `annotations/<document>/<record>`: `<document>` the first 16 hex digits of the
/// SHA-256 of the document's catalog key, `<record>` the SHA-256 of the record's bytes, which
/// the file holds as they are (JSON, a few hundred bytes; not compressed).
///
/// A record is written under a temporary name, flushed and renamed (``FileSystem``), never
/// rewritten and never removed (a deletion is a record of its own), so a `kill -9` leaves a
/// record whole or absent, and a merge of two stores is the union of their files. Reading
/// trusts no file: one whose bytes do not hash to its name, that does not decode, or that is
/// filed under another document is left out (``records(of:)``).
public struct AnnotationShelf: Sendable {
    public let folder: String
    /// The store's root, which `folder` is in.
    let root: String
    /// The full-text index a note goes into and out of with its record (``index(_:id:)``);
    /// nil: a shelf read alone.
    let fullText: FullTextIndex?

    package init(root: String) {
        self.root = root
        folder = root + "/annotations"
        fullText = nil
    }

    init(root: String, fullText: FullTextIndex) {
        self.root = root
        folder = root + "/annotations"
        self.fullText = fullText
    }

    /// The folder name of a document's records.
    static func documentFolder(_ key: String) -> String {
        String(BlobID(of: Array(key.utf8)).hex.prefix(16))
    }

    /// Whether any record names `key`: a kept view of a document with notes is not shown as
    /// it was rendered without them. In a store without notes, one `lstat`.
    public func hasRecords(of key: String) -> Bool {
        hasAny && FileSystem.exists(folder + "/" + Self.documentFolder(key))
    }

    /// Whether the store holds any record at all (one `lstat`): a search without notes reads none.
    public var hasAny: Bool {
        FileSystem.existsInRoot(root, "annotations")
    }

    /// Keeps `record` durably; returns its id (the SHA-256 of its bytes). Refused (`usage`)
    /// when the record breaks a rule (``AnnotationRecord/problem``).
    @discardableResult
    public func add(_ record: AnnotationRecord) throws -> String {
        if let problem = record.problem { throw ReaderError.usage(problem) }
        let bytes = try record.encoded()
        let id = BlobID(of: bytes).hex
        // A note into the full-text index before its record and again after, out of it after
        // (NoteIndex.swift).
        let indexed = try index(record, id: id)
        do {
            try place(bytes, relative: Self.documentFolder(record.key) + "/" + id)
        } catch let failure as FileSystem.Failure {
            throw ReaderError.storage(failure.description)
        }
        reindex(record, id: id, indexed)
        unindex(record)
        return id
    }

    /// The records of `key`, each with its id, oldest first (then by id: every store orders alike).
    public func records(of key: String) throws -> [(id: String, record: AnnotationRecord)] {
        try read(Self.documentFolder(key)).filter { $0.record.key == key }.sorted(by: Self.order)
    }

    /// Every record of the store, oldest first.
    public func allRecords() throws -> [(id: String, record: AnnotationRecord)] {
        var all: [(id: String, record: AnnotationRecord)] = []
        for document in try FileSystem.listing(folder).folders where Self.isDocumentFolder(document) {
            all += try read(document).filter { Self.documentFolder($0.record.key) == document }
        }
        return all.sorted(by: Self.order)
    }

    /// The relative names (`<document>/<record>`) of every record file: what a push sends.
    package func names() throws -> [String] {
        var names: [String] = []
        for document in try FileSystem.listing(folder).folders where Self.isDocumentFolder(document) {
            for file in try FileSystem.listing(folder + "/" + document).files where BlobID(hex: file) != nil {
                names.append(document + "/" + file)
            }
        }
        return names.sorted()
    }

    /// The bytes of a record file, for a push; nil when absent or not its name's bytes.
    package func bytes(of relative: String) throws -> [UInt8]? {
        guard let (_, id) = Self.split(relative),
            let bytes = try FileSystem.read(folder + "/" + relative, limit: AnnotationRecord.maxRecordBytes),
            BlobID(of: bytes).hex == id
        else { return nil }
        return bytes
    }

    /// Takes a record read from elsewhere (a pull): kept only when its bytes hash to its name,
    /// it decodes, it is filed under its own document and it breaks no rule. Returns whether
    /// it was kept.
    package func adopt(_ relative: String, bytes: [UInt8]) throws -> Bool {
        guard let (document, id) = Self.split(relative), BlobID(of: bytes).hex == id,
            let record = try? JSONDecoder().decode(AnnotationRecord.self, from: Data(bytes)),
            Self.documentFolder(record.key) == document, record.problem == nil
        else { return false }
        let indexed = try index(record, id: id)
        try place(bytes, relative: relative)
        reindex(record, id: id, indexed)
        unindex(record)
        return true
    }

    /// Whether the store holds the record file `relative`.
    package func contains(_ relative: String) -> Bool {
        FileSystem.exists(folder + "/" + relative)
    }

    private func place(_ bytes: [UInt8], relative: String) throws {
        let path = folder + "/" + relative
        if FileSystem.exists(path) { return }
        let documentFolder = FileSystem.parent(of: path)
        if !FileSystem.exists(documentFolder) {
            try FileSystem.makeFolders(documentFolder)
            // The new folder's name made durable before a record in it is said to be kept.
            FileSystem.syncFolder(folder)
        }
        try FileSystem.writeAtomically(bytes, to: path, durable: true)
        StoreChanges.noteOne(in: root)
    }

    private func read(_ document: String) throws -> [(id: String, record: AnnotationRecord)] {
        let decoder = JSONDecoder()
        var records: [(id: String, record: AnnotationRecord)] = []
        for file in try FileSystem.listing(folder + "/" + document).files where BlobID(hex: file) != nil {
            // A file too long, or unreadable, is no record (anyone may have put it there).
            guard let bytes = (try? FileSystem.read(folder + "/" + document + "/" + file, limit: AnnotationRecord.maxRecordBytes)) ?? nil,
                BlobID(of: bytes).hex == file, let record = try? decoder.decode(AnnotationRecord.self, from: Data(bytes)),
                record.problem == nil
            else { continue }
            records.append((file, record))
        }
        return records
    }

    static func split(_ relative: String) -> (document: String, id: String)? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, isDocumentFolder(String(parts[0])), BlobID(hex: String(parts[1])) != nil else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// Whether `relative` has the shape of a record file's name, `<document>/<record>`.
    package static func isRecordName(_ relative: String) -> Bool {
        split(relative) != nil
    }

    static func isDocumentFolder(_ name: String) -> Bool {
        name.utf8.count == 16 && name.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    private static func order(_ a: (id: String, record: AnnotationRecord), _ b: (id: String, record: AnnotationRecord)) -> Bool {
        (a.record.at, a.id) < (b.record.at, b.id)
    }
}

extension Store {
    /// Notes, tags and read state (``AnnotationShelf``).
    public var annotations: AnnotationShelf { AnnotationShelf(root: root, fullText: fullText) }
}
