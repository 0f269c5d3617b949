import CSQLite
import Foundation
import ReaderSupport

extension PassageTable {
    /// Reads passages `wanted` (ascending indices) of the table `encoded`, read in place, of document
    /// `document` whose first passage is row `firstRow`, and which of the words of `hashes` (nil:
    /// not asked about) each has, without building the table: a search meets hundreds of
    /// documents, and reads one passage of most. False when the table has fewer passages than
    /// wanted (rows of a document taken out); a damage failure when the bytes are not a table
    /// (a value out of range, a list past the end): the index is rebuilt, nothing traps.
    @discardableResult
    static func read(
        _ encoded: UnsafeBufferPointer<UInt8>, firstRow: Int64, document: Int64, wanted: [Int], asking hashes: [UInt16?],
        _ body: (FullTextRanking.Passage) -> Void
    ) throws -> Bool {
        guard let found = readIfWellFormed(encoded, firstRow: firstRow, document: document, wanted: wanted, asking: hashes, body) else {
            throw damaged
        }
        return found
    }

    /// The failure a table that is not one makes: damage, which a search answers by rebuilding.
    static var damaged: SQLite.Failure {
        SQLite.Failure(code: SQLITE_CORRUPT, message: "a passage table of the index is damaged")
    }

    /// ``read(_:firstRow:document:wanted:asking:_:)``; nil when the bytes are not a table.
    private static func readIfWellFormed(
        _ bytes: UnsafeBufferPointer<UInt8>, firstRow: Int64, document: Int64, wanted: [Int], asking hashes: [UInt16?],
        _ body: (FullTextRanking.Passage) -> Void
    ) -> Bool? {
        guard rowBound.contains(firstRow) else { return nil }
        var index = 0
        guard let titleLength = varint(bytes, &index), let title = match(bytes, &index, hashes) else { return nil }
        var next = 0
        var passage = 0
        var previous = (block: 0, offset: 0)
        while next < wanted.count && index < bytes.count {
            guard let block = varint(bytes, &index), let offset = varint(bytes, &index), index + 1 < bytes.count else { return nil }
            let (lengthClass, headingLength) = (bytes[index], bytes[index + 1])
            index += 2
            previous.block += block
            if offset > 0 { previous.offset += offset }
            guard previous.block <= valueBound, previous.offset <= valueBound else { return nil }
            if passage == wanted[next] {
                guard let heading = match(bytes, &index, hashes), let frequent = match(bytes, &index, hashes) else { return nil }
                body(
                    FullTextRanking.Passage(
                        row: firstRow + Int64(passage), document: document, index: passage, firstBlock: previous.block,
                        offset: offset > 0 ? previous.offset - 1 : nil,
                        length: exp2(Double(lengthClass) / 8) - 1, headingLength: Int(headingLength), titleLength: titleLength,
                        heading: heading, frequent: frequent, title: title))
                next += 1
            } else {
                guard skip(bytes, &index), skip(bytes, &index) else { return nil }
            }
            passage += 1
        }
        return next == wanted.count
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
