import ReaderJSON
import ReaderSupport

extension CatalogFile {
    /// The document blob each of `keys` is stored with (a key not stored has none): what
    /// `find` holds its answers to, since the index may keep a version a killed process left.
    /// Read as ``entry(_:)`` reads a key — the journal first, then `catalog.json` — but with
    /// the journal read once and the catalog mapped once for all the keys (and kept mapped for
    /// the next search while it is the same file), and only each entry's `document` read rather
    /// than the whole entry decoded.
    package func documentBlobs(of keys: some Sequence<String>) throws -> [String: BlobID] {
        var blobs: [String: BlobID] = [:]
        var mapped: MappedFile?
        var unmapped = true
        let keys = Array(keys)
        guard !keys.isEmpty else { return [:] }
        let literals = keys.map(KeyedLines.literal)
        let changes: [CatalogJournal.Change?]
        do {
            changes = try journal.lastChanges(of: literals)
        } catch {
            throw ReaderError.damaged(what: "catalog.journal", reason: "\(error)")
        }
        // By index, not through `zip`: a nested `Zip2Sequence`'s type is made at run time, by
        // its mangled name, once in each process (a conformance scan of the whole binary).
        for index in keys.indices {
            let (key, literal, change) = (keys[index], literals[index], changes[index])
            if let change {
                if let entry = change.entry { blobs[key] = Self.documentBlob(in: entry) }
                continue
            }
            if unmapped {
                do {
                    mapped = try mapping.map(path)
                } catch {
                    throw ReaderError.damaged(what: "catalog.json", reason: "\(error)")
                }
                unmapped = false
            }
            guard let file = mapped else {
                // No catalog.json: what `entry` says of it (nothing stored yet, or damage).
                blobs[key] = try entry(key)?.document
                continue
            }
            switch file.withBytes({ KeyedLines.find(literal, in: $0, header: Self.header) }) {
            case .found(let range): blobs[key] = file.withBytes { Self.documentBlob(in: Array($0[range])) }
            case .absent: continue
            case .otherLayout: blobs[key] = try entry(key)?.document
            }
        }
        return blobs
    }

    /// The `document` member of an entry's JSON; nil when it has none that names a blob.
    static func documentBlob(in entry: [UInt8]) -> BlobID? {
        entry.withUnsafeBufferPointer { bytes in
            try? JSONReader.scan(bytes, from: 0) { reader -> BlobID? in
                var more = try reader.openObject()
                while more {
                    if reader.match(try reader.key(), ["document"]) == 0 { return BlobID(hex: try reader.string()) }
                    try reader.skipValue()
                    more = try reader.nextMember()
                }
                return nil
            }
        } ?? nil
    }
}
