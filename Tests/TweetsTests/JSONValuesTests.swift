import ReaderJSON
import Testing

@testable import Tweets

/// Tweets read through the tree's one JSON reader, leniently.
@Suite struct JSONValuesTests {
    static func parse(_ text: String) throws -> [JSON] {
        try JSONValues.values(in: Array(text.utf8)).map(\.value)
    }

    /// Emoji written as surrogate-pair escapes come out as the one character they are.
    @Test func surrogatePairs() throws {
        #expect(try Self.parse(#""\ud83c\udfb6 \uD83D\uDC0D""#) == [.string("🎶 🐍")])
        #expect(try Self.parse(#""\u00e9\u2026\/""#) == [.string("é…/")])
    }

    /// A lone surrogate is not a character: U+FFFD, and the text around it kept.
    @Test func loneSurrogates() throws {
        #expect(try Self.parse(#""a\ud83cb""#) == [.string("a\u{FFFD}b")])
        #expect(try Self.parse(#""a\udfb6b\ud83c\u0041""#) == [.string("a\u{FFFD}b\u{FFFD}A")])
    }

    /// Bytes that are not UTF-8 and raw control characters are shown, not refused.
    @Test func badTextIsRepaired() throws {
        #expect(try JSONValues.values(in: [0x22, 0x61, 0xFF, 0x09, 0x62, 0x22]).map(\.value) == [.string("a\u{FFFD}\tb")])
    }

    /// Ids beyond a Double's precision keep every digit; the archive's strings read as ints.
    @Test func numbersKeepTheirText() throws {
        let values = try Self.parse(#"{"id": 782737772490600448, "indices": ["16", 39], "f": -1.5e3}"#)
        #expect(values[0]["id"]?.text == "782737772490600448")
        #expect(values[0]["indices"]?.array?.compactMap(\.int) == [16, 39])
        #expect(values[0]["f"] == .number("-1.5e3"))
    }

    /// Of two equal keys the last wins, as in a JavaScript client.
    @Test func theLastOfEqualKeysWins() throws {
        #expect(try Self.parse(#"{"a": 1, "a": 2}"#) == [.object(["a": .number("2")])])
    }

    @Test func severalValuesAndTheirOffsets() throws {
        let values = try JSONValues.values(in: Array("{\"a\": true}\n[null, false];\n".utf8))
        #expect(values.map(\.offset) == [0, 12])
        #expect(values.map(\.value) == [.object(["a": .bool(true)]), .array([.null, .bool(false)])])
    }

    @Test func syntaxErrors() {
        #expect(throws: JSONReadError(offset: 5, reason: "expected ':' after a key")) { try Self.parse(#"{"a" 1}"#) }
        #expect(throws: JSONReadError(offset: 4, reason: "a string is not closed")) { try Self.parse(#""abc"#) }
        #expect(throws: JSONReadError(offset: 1, reason: "an unknown escape in a string")) { try Self.parse(#""\q""#) }
        #expect(throws: JSONReadError(offset: 1, reason: "expected a JSON value")) { try Self.parse("[x]") }
        #expect(throws: JSONReadError(offset: 0, reason: "expected a JSON value")) { try Self.parse("tru") }
        #expect(throws: JSONReadError.self) { try Self.parse(String(repeating: "[", count: 300)) }
    }
}
