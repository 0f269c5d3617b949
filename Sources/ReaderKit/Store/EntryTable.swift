import Foundation
import ReaderPluginAPI

/// `entries/<document blob>.json`: the entries of an index-like document (the RFC index),
/// one per line, sorted by ID, so that the banner of `reader open 793` reads one line
/// instead of decoding the 9,816 entries of the stored index.
///
/// It is derived data: made from the document blob when the document is stored, remade
/// from it when missing or unreadable, removed by `gc` with its document. Losing it costs
/// time, never content.
struct EntryTable: Sendable {
    let folder: String

    func path(of document: BlobID) -> String { "\(folder)/\(document.hex).json" }

    private static func header(_ document: BlobID) -> [UInt8] {
        Array(#"{"version":1,"document":"\#(document.hex)","entries":{"#.utf8) + [UInt8(ascii: "\n")]
    }

    /// Writes the table of `entries` from the document `document`.
    func write(_ entries: [Entry], of document: BlobID) throws {
        var members: [[UInt8]: KeyedLines.Member] = [:]
        for entry in entries {
            let key = KeyedLines.literal(entry.id)
            members[key] = KeyedLines.Member(key: key, value: entry.jsonBytes())
        }
        let bytes = KeyedLines.encode(header: Self.header(document), Array(members.values))
        try FileSystem.makeFolders(folder)
        try FileSystem.writeAtomically(bytes, to: path(of: document))
    }

    enum Lookup {
        case found(Entry)
        case absent
        /// No usable table: read the document itself.
        case unavailable
    }

    /// The entry `id` of the document `document`.
    func entry(_ id: String, of document: BlobID) -> Lookup {
        guard let file = try? MappedFile(path: path(of: document)) else { return .unavailable }
        let lookup = file.withBytes { KeyedLines.find(KeyedLines.literal(id), in: $0, header: Self.header(document)) }
        switch lookup {
        case .found(let range):
            guard let entry = try? Entry(jsonBytes: file.withBytes { Array($0[range]) }) else { return .unavailable }
            return .found(entry)
        case .absent: return .absent
        case .otherLayout: return .unavailable
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
