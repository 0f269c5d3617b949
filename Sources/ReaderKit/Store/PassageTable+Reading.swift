import Foundation

extension PassageTable {
    /// Reads passages `wanted` (ascending indices) of the table `encoded`, of document
    /// `document` whose first passage is row `firstRow`, and which of the words of `hashes` (nil:
    /// not asked about) each has, without building the table: a search meets hundreds of
    /// documents, and reads one passage of most. False when the bytes are not a table.
    static func read(
        _ encoded: [UInt8], firstRow: Int64, document: Int64, wanted: [Int], asking hashes: [UInt16?],
        _ body: (FullTextRanking.Passage) -> Void
    ) -> Bool {
        encoded.withUnsafeBufferPointer { bytes in
            var index = 0
            guard let titleLength = varint(bytes, &index), let title = match(bytes, &index, hashes) else { return false }
            var next = 0
            var passage = 0
            var previous = (block: 0, offset: 0)
            while next < wanted.count && index < bytes.count {
                guard let block = varint(bytes, &index), let offset = varint(bytes, &index), index + 1 < bytes.count else { return false }
                let (lengthClass, headingLength) = (bytes[index], bytes[index + 1])
                index += 2
                previous.block += block
                if offset > 0 { previous.offset += offset }
                if passage == wanted[next] {
                    guard let heading = match(bytes, &index, hashes), let frequent = match(bytes, &index, hashes) else { return false }
                    body(
                        FullTextRanking.Passage(
                            row: firstRow + Int64(passage), document: document, index: passage, firstBlock: previous.block,
                            offset: offset > 0 ? previous.offset - 1 : nil,
                            length: exp2(Double(lengthClass) / 8) - 1, headingLength: Int(headingLength), titleLength: titleLength,
                            heading: heading, frequent: frequent, title: title))
                    next += 1
                } else {
                    guard skip(bytes, &index), skip(bytes, &index) else { return false }
                }
                passage += 1
            }
            return next == wanted.count
        }
    }

    /// The bits of the words of `hashes` in the list of hashes at `index`, which it moves past.
    private static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ hashes: [UInt16?]) -> UInt64? {
        guard let count = varint(bytes, &index), index + count * 2 <= bytes.count else { return nil }
        var bits: UInt64 = 0
        for position in 0..<count {
            let hash = UInt16(bytes[index + position * 2]) << 8 | UInt16(bytes[index + position * 2 + 1])
            for (word, asked) in hashes.prefix(64).enumerated() where asked == hash { bits |= 1 << UInt64(word) }
        }
        index += count * 2
        return bits
    }

    private static func skip(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard let count = varint(bytes, &index), index + count * 2 <= bytes.count else { return false }
        index += count * 2
        return true
    }
}
