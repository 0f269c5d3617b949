import ReaderJSON
import ReaderPluginAPI

/// How the engine keeps a document in a blob: its JSON, so that anyone can read it with
/// standard tools, written and read directly.
///
/// The reference form is the model's `Codable` conformance (in ReaderPluginAPI, what modules
/// exchange across the C boundary): what ``encode(_:)-(Document)`` writes, `JSONDecoder` reads
/// back as the same document, and ``decode(_:)`` reads what
/// `JSONDecoder` reads and refuses what it refuses; the tests compare the two. This is apart
/// from the module API because it is the store's format, not something a module writes: a
/// module hands over a ``Document`` value and never sees these bytes.
///
/// The one seam: the store, the entry table and the benchmark go through here, never through
/// the reader and writer below it (Sources/ReaderJSON's `JSONReader` and `JSONWriter`).
package enum DocumentCodec {
    /// The document's JSON, keys sorted, in one piece.
    package static func encode(_ document: Document) -> [UInt8] {
        var writer = JSONWriter(capacity: 1 << 16)
        writer.document(document)
        return writer.take()
    }

    /// The bytes of ``encode(_:)-(Document)``, handed to `sink` in pieces of about `piece`
    /// bytes, so that a large document (an index of a million entries) is never held whole as
    /// JSON.
    /// `blockStarts` is told where each block of the body starts, in bytes from the first;
    /// `entryWritten`, the bytes of each entry as ``encode(_:)-(Entry)`` writes them.
    package static func write(
        _ document: Document, piece: Int = 1 << 20, blockStarts: (Int) -> Void = { _ in },
        entryWritten: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }, to sink: @escaping ([UInt8]) -> Void
    ) {
        var writer = JSONWriter(piece: piece, sink: sink)
        writer.document(document, blockStarts: blockStarts, entryWritten: entryWritten)
        sink(writer.take())
    }

    /// A document read from its JSON; throws ``JSONReadError`` where `JSONDecoder` throws.
    /// Several times faster than `JSONDecoder` (`reader-bench`'s `document read` lines).
    package static func decode(_ bytes: [UInt8]) throws -> Document {
        try bytes.withUnsafeBufferPointer { bytes in try JSONReader.read(bytes) { try $0.document() } }
    }

    /// ``decode(_:)``, telling `blockStarts` where each block of the body starts in `bytes`.
    package static func decode(_ bytes: [UInt8], blockStarts: (Int) -> Void) throws -> Document {
        try bytes.withUnsafeBufferPointer { bytes in try JSONReader.read(bytes) { try $0.document(blockStarts: blockStarts) } }
    }

    /// An entry's JSON, as ``Entry``'s `Codable` conformance reads it back (the entry table
    /// keeps each entry of an index apart).
    package static func encode(_ entry: Entry) -> [UInt8] {
        // An entry is a few hundred bytes; the RFC index writes 9,816 of them one by one.
        var writer = JSONWriter(capacity: 512)
        writer.entry(entry)
        return writer.take()
    }

    /// An entry read from its JSON, as ``Entry``'s `Codable` conformance reads it.
    package static func decodeEntry(_ bytes: [UInt8]) throws -> Entry {
        try bytes.withUnsafeBufferPointer { bytes in try JSONReader.read(bytes) { try $0.entry() } }
    }
}

extension DocumentCodec {
    /// Blocks `first`, `first + 1`, … of a document's JSON, for as long as `keep` takes them
    /// (it is given the first block and each one after it), without building the blocks before
    /// `first` or anything else of the document: a search shows one passage of each document
    /// it found, and building all of a long RFC to show one section costs ten times as much.
    /// `offset`, when known, is where block `first` starts in `bytes` (as the writer or the
    /// reader told it: ``write(_:piece:blockStarts:to:)``), and reading starts there; otherwise
    /// the blocks before are skipped. Empty when the document has no block `first`. Throws
    /// ``JSONReadError`` for JSON it cannot read up to the last block it returns; what follows
    /// is not looked at.
    package static func blocks(
        _ bytes: UnsafeBufferPointer<UInt8>, from first: Int, at offset: Int?, while keep: (Block, Block) -> Bool
    ) throws -> [Block] {
        if let offset, offset < bytes.count, bytes[offset] == UInt8(ascii: "{") {
            return try JSONReader.scan(bytes, from: offset) { reader in try blocks(&reader, while: keep) }
        }
        return try JSONReader.scan(bytes, from: 0) { reader in
            var more = try reader.openObject()
            while more {
                guard reader.match(try reader.key(), ["blocks"]) == 0 else {
                    try reader.skipValue()
                    more = try reader.nextMember()
                    continue
                }
                guard try reader.openArray() else { return [] }
                for _ in 0..<first {
                    try reader.skipValue()
                    guard try reader.nextElement() else { return [] }
                }
                return try blocks(&reader, while: keep)
            }
            return []
        }
    }

    /// The blocks of an array from the one `reader` is at, for as long as `keep` takes them.
    private static func blocks(_ reader: inout JSONReader, while keep: (Block, Block) -> Bool) throws -> [Block] {
        var blocks: [Block] = []
        while true {
            let block = try reader.block()
            if let head = blocks.first, !keep(head, block) { return blocks }
            blocks.append(block)
            guard try reader.nextElement() else { return blocks }
        }
    }
}
