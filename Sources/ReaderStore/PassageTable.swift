import Foundation

/// Where a document's passages are in the full-text index, and what ranking needs of each,
/// kept beside it (`spans`): the row id of its first passage (the others follow it, one each);
/// its title's length and words; and for each passage the block it starts at and where that
/// block starts in the document's JSON (to read the passage again for a snippet without
/// reading what comes before it), the length of its body (on a logarithmic scale) and of its
/// heading, and its heading's and frequent words (``PassageWords``, as ``WordHash``es). A search
/// reads this once per document it meets, and ranks its passages from it alone.
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
        /// Where its heading's hashes and its frequent words' are in ``hashes``.
        var headingHashes: Range<Int>
        var frequentHashes: Range<Int>
    }

    var firstRow: Int64
    /// How many words the document's title has, and its distinct words.
    var titleLength: Int
    var titleHashes: [UInt16]
    var entries: [Entry]
    /// Every passage's hashes, one after another (one array, not two a passage: a search
    /// reads the tables of a few hundred documents).
    var hashes: [UInt16]

    /// The row ids a table may start at: handed out from 1, one a passage ever indexed. A file
    /// with one outside is damaged; inside it, adding a table's passages never overflows.
    static let rowBound: ClosedRange<Int64> = 1...(1 << 48)
    /// The largest value of the table's numbers (a count, a block, an offset in a document's
    /// JSON, and their running sums): far past any document. A larger one is damage, and
    /// arithmetic on them (a count of hashes times two, a sum) never overflows.
    static let valueBound = 1 << 40

    var count: Int { entries.count }
    var rows: Range<Int64> { firstRow..<(firstRow + Int64(count)) }

    init(firstRow: Int64, document: FullTextIndex.Connection.PreparedDocument) {
        self.firstRow = firstRow
        titleLength = document.titleLength
        titleHashes = document.titleHashes
        var hashes: [UInt16] = []
        entries = document.rows.map { row in
            let heading = hashes.count..<(hashes.count + row.headingHashes.count)
            hashes += row.headingHashes
            let frequent = hashes.count..<(hashes.count + row.frequentHashes.count)
            hashes += row.frequentHashes
            return Entry(
                firstBlock: row.firstBlock, offset: row.offset,
                lengthClass: UInt8(min(255, (log2(Double(row.length) + 1) * 8).rounded())),
                headingLength: UInt8(min(255, row.headingLength)), headingHashes: heading, frequentHashes: frequent)
        }
        self.hashes = hashes
    }

    /// Whether passage `index`'s heading (or, `frequent`, its body often) has the word of `hash`.
    func has(_ hash: UInt16, in index: Int, frequent: Bool) -> Bool {
        let range = frequent ? entries[index].frequentHashes : entries[index].headingHashes
        for position in range where hashes[position] == hash { return true }
        return false
    }

    /// The body's length in words of passage `index`, about (a class keeps an eighth of a
    /// power of two).
    func length(_ index: Int) -> Double { exp2(Double(entries[index].lengthClass) / 8) - 1 }

    /// As the index keeps it: the title's length and hashes; then for each passage its first
    /// block after the one before, and its offset plus one after the one before (0: not known),
    /// as varints, its length class and its heading's length, its heading's hashes and its
    /// frequent words' (each list a count, then two bytes a hash).
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 40 + titleHashes.count * 2 + 4)
        Self.append(UInt64(titleLength), to: &bytes)
        Self.append(titleHashes, to: &bytes)
        var previous = (block: 0, offset: 0)
        for entry in entries {
            Self.append(UInt64(entry.firstBlock - previous.block), to: &bytes)
            let offset = entry.offset.map { $0 + 1 } ?? 0
            Self.append(offset == 0 ? 0 : UInt64(offset - previous.offset), to: &bytes)
            bytes.append(entry.lengthClass)
            bytes.append(entry.headingLength)
            Self.append(Array(hashes[entry.headingHashes]), to: &bytes)
            Self.append(Array(hashes[entry.frequentHashes]), to: &bytes)
            previous = (entry.firstBlock, offset == 0 ? previous.offset : offset)
        }
        return bytes
    }

    /// The table of `encoded`; nil when the bytes are not one.
    init?(firstRow: Int64, encoded: [UInt8]) {
        guard Self.rowBound.contains(firstRow) else { return nil }
        self.firstRow = firstRow
        entries = []
        hashes = []
        hashes.reserveCapacity(encoded.count / 2)
        var index = 0
        var titleHashes: [UInt16] = []
        guard let titleLength = Self.varint(encoded, &index), Self.hashes(encoded, &index, into: &titleHashes) else { return nil }
        self.titleLength = titleLength
        self.titleHashes = titleHashes
        var previous = (block: 0, offset: 0)
        while index < encoded.count {
            guard let block = Self.varint(encoded, &index), let offset = Self.varint(encoded, &index), index + 1 < encoded.count else {
                return nil
            }
            let (lengthClass, headingLength) = (encoded[index], encoded[index + 1])
            index += 2
            let headingStart = hashes.count
            guard Self.hashes(encoded, &index, into: &hashes) else { return nil }
            let frequentStart = hashes.count
            guard Self.hashes(encoded, &index, into: &hashes) else { return nil }
            previous.block += block
            if offset > 0 { previous.offset += offset }
            guard previous.block <= Self.valueBound, previous.offset <= Self.valueBound else { return nil }
            entries.append(
                Entry(
                    firstBlock: previous.block, offset: offset > 0 ? previous.offset - 1 : nil, lengthClass: lengthClass,
                    headingLength: headingLength, headingHashes: headingStart..<frequentStart,
                    frequentHashes: frequentStart..<hashes.count))
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

    private static func append(_ hashes: [UInt16], to bytes: inout [UInt8]) {
        append(UInt64(hashes.count), to: &bytes)
        for hash in hashes {
            bytes.append(UInt8(hash >> 8))
            bytes.append(UInt8(hash & 0xFF))
        }
    }

    /// Reads a variable-length integer at `index` (seven bits a byte, low first), moving past
    /// it; nil when the bytes end first or it is past ``valueBound`` (a damaged table).
    static func varint<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ index: inout Int) -> Int? where Bytes.Index == Int {
        var value = 0
        var shift = 0
        while index < bytes.count, shift <= 42 {
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7F) << shift
            shift += 7
            if byte < 0x80 { return value <= valueBound ? value : nil }
        }
        return nil
    }

    /// Reads a list of hashes onto the end of `hashes`; false when the bytes end first.
    private static func hashes(_ bytes: [UInt8], _ index: inout Int, into hashes: inout [UInt16]) -> Bool {
        guard let count = varint(bytes, &index), index + count * 2 <= bytes.count else { return false }
        for _ in 0..<count {
            hashes.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        return true
    }
}
