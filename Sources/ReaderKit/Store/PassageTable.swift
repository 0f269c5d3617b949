import Foundation

/// Where a document's passages are in the full-text index, kept in its `documents` row: the
/// row id of its first passage (the others follow it, one each), and for each passage the
/// block it starts at (to read it again for a snippet) and the length of its body, on a
/// logarithmic scale (for ranking). A search reads this once per document it meets, not a row
/// per passage.
///
/// Row ids are handed out in order and never again (``FullTextIndex/Connection/insert(_:)``):
/// FTS5 stores each word's row ids as differences, so ids one after another keep the index
/// small; and the words a contentless table could not be told to forget (the document's blob
/// was unreadable) stay under ids no passage will have again, which no search returns.
struct PassageTable: Equatable {
    var firstRow: Int64
    var firstBlocks: [Int]
    var lengthClasses: [UInt8]

    var count: Int { firstBlocks.count }
    var rows: Range<Int64> { firstRow..<(firstRow + Int64(count)) }

    init(firstRow: Int64, passages: [(firstBlock: Int, length: Int)]) {
        self.firstRow = firstRow
        firstBlocks = passages.map(\.firstBlock)
        lengthClasses = passages.map { UInt8(min(255, (log2(Double($0.length) + 1) * 8).rounded())) }
    }

    /// The body's length in words of passage `index`, about (a class keeps an eighth of a
    /// power of two).
    func length(_ index: Int) -> Double { exp2(Double(lengthClasses[index]) / 8) - 1 }

    /// As the `documents` row keeps it: for each passage, its first block after the one before
    /// (a varint) and its length class (a byte).
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 3)
        var previous = 0
        for (first, length) in zip(firstBlocks, lengthClasses) {
            var step = UInt64(first - previous)
            previous = first
            while step >= 0x80 {
                bytes.append(UInt8(step & 0x7F) | 0x80)
                step >>= 7
            }
            bytes.append(UInt8(step))
            bytes.append(length)
        }
        return bytes
    }

    /// The table of `encoded`; nil when the bytes are not one.
    init?(firstRow: Int64, encoded: [UInt8]) {
        self.firstRow = firstRow
        firstBlocks = []
        lengthClasses = []
        var index = 0
        var previous = 0
        while index < encoded.count {
            var step = 0
            var shift = 0
            while true {
                guard index < encoded.count, shift < 63 else { return nil }
                let byte = encoded[index]
                index += 1
                step |= Int(byte & 0x7F) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            guard index < encoded.count else { return nil }
            previous += step
            firstBlocks.append(previous)
            lengthClasses.append(encoded[index])
            index += 1
        }
    }
}
