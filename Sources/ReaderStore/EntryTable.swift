import DocumentJSON
import Foundation
import ReaderPluginAPI
import ReaderSupport

/// `entries/<document blob>.json`: the entries of an index-like document (the RFC index),
/// one per line, sorted by ID, so that the banner of `reader open 793` reads one line
/// instead of decoding the 9,816 entries of the stored index.
///
/// It is derived data: made from the document blob when the document is stored, remade
/// from it when missing or unreadable, removed by `gc` with its document. Losing it costs
/// time, never content.
package struct EntryTable: Sendable {
    let folder: String

    func path(of document: BlobID) -> String { "\(folder)/\(document.hex).json" }

    private static func header(_ document: BlobID) -> [UInt8] {
        Array(#"{"version":1,"document":"\#(document.hex)","entries":{"#.utf8) + [UInt8(ascii: "\n")]
    }

    /// Writes the table of `entries` from the document `document`, line by line: an index of
    /// a million entries costs its sorted keys in memory, not the table. Of entries with one
    /// ID, the last is kept.
    func write(_ entries: [Entry], of document: BlobID) throws {
        try write(entries, json: nil, of: document)
    }

    /// The same, with the JSON of each entry as the document's writer wrote it (``Written``):
    /// the RFC index's 9,816 entries were encoded twice, a quarter of `reader fetch rfc-index`.
    func write(_ entries: [Entry], json: Written?, of document: BlobID) throws {
        let written = json.flatMap { $0.count == entries.count ? $0 : nil }
        let keys = entries.map { KeyedLines.literal($0.id) }
        var order = Array(keys.indices)
        order.sort { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 > $1) }
        let unique = order.indices.filter { $0 == 0 || keys[order[$0]] != keys[order[$0 - 1]] }.map { order[$0] }
        try FileSystem.makeFolders(folder)
        let file = try TemporaryFile(in: folder, bufferSize: 1 << 20)
        let members = unique.lazy.map { KeyedLines.Member(key: keys[$0], value: written?[$0] ?? DocumentCodec.encode(entries[$0])) }
        try KeyedLines.write(header: Self.header(document), sorted: members, to: file)
        try file.move(to: path(of: document))
    }

    /// The JSON of entries, one after another in one buffer, up to ``limit`` bytes: past it
    /// (a feed of a hundred thousand entries) the buffer is let go and the table's lines are
    /// encoded again one by one, which costs time instead of memory.
    struct Written {
        static let limit = 8 << 20

        private var bytes: [UInt8] = []
        private var ends: [Int] = []
        private var overflowed = false

        /// How many entries it holds; 0 once past the limit.
        var count: Int { ends.count }

        mutating func append(_ json: UnsafeBufferPointer<UInt8>) {
            guard !overflowed else { return }
            guard bytes.count + json.count <= Self.limit else {
                overflowed = true
                bytes = []
                ends = []
                return
            }
            bytes.append(contentsOf: json)
            ends.append(bytes.count)
        }

        subscript(index: Int) -> [UInt8] {
            Array(bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
        }
    }

    enum Lookup {
        case found(Entry)
        case absent
        /// No usable table: read the document itself.
        case unavailable
    }

    /// The entry `id` of the document `document`.
    func entry(_ id: String, of document: BlobID) -> Lookup {
        switch mapped(document)?.json(of: id) {
        case .json(let json):
            guard let entry = try? DocumentCodec.decodeEntry(json) else { return .unavailable }
            return .found(entry)
        case .absent: return .absent
        case .unusable, nil: return .unavailable
        }
    }

    /// The table of `document`, mapped, for looking up many IDs; nil when there is none.
    package func mapped(_ document: BlobID) -> Mapped? {
        guard let file = try? MappedFile(path: path(of: document)) else { return nil }
        return Mapped(file: file, header: Self.header(document))
    }

    package struct Mapped {
        fileprivate let file: MappedFile
        fileprivate let header: [UInt8]

        package enum Stored: Equatable {
            case json([UInt8])
            case absent
            /// The table is not in its layout (damage): read the document instead.
            case unusable
        }

        /// The stored JSON of entry `id`.
        package func json(of id: String) -> Stored {
            file.withBytes { bytes in
                switch KeyedLines.find(KeyedLines.literal(id), in: bytes, header: header) {
                case .found(let range): .json(Array(bytes[range]))
                case .absent: .absent
                case .otherLayout: .unusable
                }
            }
        }
    }

    /// Every document that has a table, to remove those whose document is gone.
    func documents() -> [BlobID] {
        FileSystem.list(folder).compactMap { name in
            name.hasSuffix(".json") ? BlobID(hex: String(name.dropLast(5))) : nil
        }
    }

    func remove(of document: BlobID) throws {
        try FileSystem.remove(path(of: document))
    }
}
