import ReaderTestSupport
import Testing

@testable import HTML

/// White-space collapsing takes printable ASCII and single spaces a word at a time; it must
/// give what collapsing one byte at a time gives.
@Suite struct WhitespaceTests {
    /// Collapsing as plainly as it can be written: one byte (or one wide space) at a time.
    static func reference(_ pieces: [[UInt8]], spaceAllowed: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var pendingSpace = false
        for piece in pieces {
            piece.withUnsafeBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    let width = SpaceCollapser.spaceWidth(buffer, at: index)
                    if width > 0 {
                        if spaceAllowed || (!bytes.isEmpty && bytes[bytes.count - 1] != 0x0A) { pendingSpace = true }
                        index += width
                        continue
                    }
                    if buffer[index] == 0xEF, index + 2 < buffer.count, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
                        index += 3
                        continue
                    }
                    if pendingSpace {
                        bytes.append(0x20)
                        pendingSpace = false
                    }
                    bytes.append(buffer[index])
                    index += 1
                }
            }
        }
        return bytes
    }

    @Test func wordAtATimeMatchesByteAtATime() {
        let alphabet: [[UInt8]] = [
            [0x20], [0x20], [0x20], [0x0A], [0x09], [0x0D], [0x7F], [0x01], Array("a".utf8), Array("b".utf8),
            Array("Wort".utf8), Array(".".utf8), Array("é".utf8), [0xC2, 0xA0], [0xEF, 0xBB, 0xBF], Array("\u{2003}".utf8),
            Array("longer words go here".utf8),
        ]
        var generator = SeededRandom(seed: 11)
        for _ in 0..<5000 {
            var pieces: [[UInt8]] = []
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                var piece: [UInt8] = []
                for _ in 0..<Int(generator.next() % 24) { piece += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                pieces.append(piece)
            }
            for spaceAllowed in [false, true] {
                var collapser = SpaceCollapser()
                for piece in pieces { piece.withUnsafeBufferPointer { collapser.append($0, spaceAllowed: spaceAllowed) } }
                #expect(collapser.bytes == Self.reference(pieces, spaceAllowed: spaceAllowed), "\(pieces)")
                // A space owed at the end shows once more text comes.
                [UInt8]("A".utf8).withUnsafeBufferPointer { collapser.append($0, spaceAllowed: spaceAllowed) }
                #expect(collapser.bytes == Self.reference(pieces + [Array("A".utf8)], spaceAllowed: spaceAllowed))
            }
        }
    }
}
