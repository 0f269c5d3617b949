import ReaderJSON
import Testing

/// The one writer: what it writes, the reader reads back as it was.
@Suite struct WriterTests {
    static func roundTrip(_ text: String) throws -> String {
        var writer = JSONWriter()
        writer.string(text)
        let written = writer.take()
        return try written.withUnsafeBufferPointer { buffer in try JSONReader.read(buffer, options: .strict) { try $0.string() } }
    }

    /// Escapes as `jsonText` has them: short ones where JSON has them, `\u00XX` lower-case, and
    /// nothing else escaped (UTF-8 as it is).
    @Test func escapes() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\re\tf\u{01}g\u{1F}é…🎶/")
        #expect(writer.text == #""a\"b\\c\nd\re\tf\u0001g\u001fé…🎶/""#)
    }

    /// Long runs are copied eight bytes at a time: a special byte at every offset of a word.
    @Test(arguments: 0..<17)
    func specialByteAtEveryOffset(_ offset: Int) throws {
        for special in ["\"", "\\", "\n", "\u{7F}", "é"] {
            let text = String(repeating: "x", count: offset) + special + String(repeating: "y", count: 16 - offset)
            #expect(try Self.roundTrip(text) == text)
        }
    }

    @Test func numbersAndPieces() {
        var pieces: [[UInt8]] = []
        var writer = JSONWriter(piece: 8) { pieces.append($0) }
        writer.array([0, -1, Int.max, Int.min, 42]) { $0.number($1) }
        pieces.append(writer.take())
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == "[0,-1,9223372036854775807,-9223372036854775808,42]")
        #expect(pieces.count > 2)
        var doubles = JSONWriter()
        doubles.array([2.0, 2.5, -0.0, 1e20]) { $0.number($1) }
        #expect(doubles.text == "[2,2.5,0,1e+20]")
    }
}
