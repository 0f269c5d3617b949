import Foundation

/// Where a document's passages are in the full-text index, kept beside it (`spans`): the row id
/// of its first passage (the others follow it, one each), and for each passage the block it
/// starts at and where that block starts in the document's JSON (to read the passage again for
/// a snippet without reading what comes before it), and the length of its body, on a
/// logarithmic scale (for ranking). A search reads this once per document it meets, not a row
/// per passage.
///
/// Row ids are handed out in order and never again (``FullTextIndex/Connection/nextRow()``):
/// FTS5 stores each word's row ids as differences, so ids one after another keep the index
/// small; and the words a contentless table could not be told to forget (the document's blob
/// was unreadable) stay under ids no passage will have again, which no search returns.
struct PassageTable: Equatable {
    struct Entry: Equatable {
        var firstBlock: Int
        /// Where the first block starts in the document's JSON, in bytes; nil when not known.
        var offset: Int?
        var lengthClass: UInt8
        /// How many words the heading has (at most 255).
        var headingLength: UInt8
    }

    var firstRow: Int64
    /// How many words the document's title has.
    var titleLength: Int
    var entries: [Entry]

    var count: Int { entries.count }
    var rows: Range<Int64> { firstRow..<(firstRow + Int64(count)) }

    init(firstRow: Int64, titleLength: Int, passages: [(firstBlock: Int, offset: Int?, length: Int, headingLength: Int)]) {
        self.firstRow = firstRow
        self.titleLength = titleLength
        entries = passages.map {
            Entry(
                firstBlock: $0.firstBlock, offset: $0.offset, lengthClass: UInt8(min(255, (log2(Double($0.length) + 1) * 8).rounded())),
                headingLength: UInt8(min(255, $0.headingLength)))
        }
    }

    /// The body's length in words of passage `index`, about (a class keeps an eighth of a
    /// power of two).
    func length(_ index: Int) -> Double { exp2(Double(entries[index].lengthClass) / 8) - 1 }

    /// As the index keeps it: the title's length, then for each passage its first block after
    /// the one before, and its offset plus one after the one before (0: not known), as varints,
    /// then its length class and its heading's length.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 6 + 2)
        Self.append(UInt64(titleLength), to: &bytes)
        var previous = (block: 0, offset: 0)
        for entry in entries {
            Self.append(UInt64(entry.firstBlock - previous.block), to: &bytes)
            let offset = entry.offset.map { $0 + 1 } ?? 0
            Self.append(offset == 0 ? 0 : UInt64(offset - previous.offset), to: &bytes)
            bytes.append(entry.lengthClass)
            bytes.append(entry.headingLength)
            previous = (entry.firstBlock, offset == 0 ? previous.offset : offset)
        }
        return bytes
    }

    /// The table of `encoded`; nil when the bytes are not one.
    init?(firstRow: Int64, encoded: [UInt8]) {
        self.firstRow = firstRow
        entries = []
        var index = 0
        guard let titleLength = Self.varint(encoded, &index) else { return nil }
        self.titleLength = titleLength
        var previous = (block: 0, offset: 0)
        while index < encoded.count {
            guard let block = Self.varint(encoded, &index), let offset = Self.varint(encoded, &index), index + 1 < encoded.count else {
                return nil
            }
            previous.block += block
            if offset > 0 { previous.offset += offset }
            entries.append(
                Entry(
                    firstBlock: previous.block, offset: offset > 0 ? previous.offset - 1 : nil, lengthClass: encoded[index],
                    headingLength: encoded[index + 1]))
            index += 2
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func varint(_ bytes: [UInt8], _ index: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while index < bytes.count, shift < 63 {
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7F) << shift
            shift += 7
            if byte < 0x80 { return value }
        }
        return nil
    }
}
