import Testing

@testable import Tweets

@Suite struct JSONParserTests {
    static func parse(_ text: String) throws -> [JSON] {
        try JSONParser.values(in: Array(text.utf8)).map(\.value)
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

    /// Ids beyond a Double's precision keep every digit; the archive's strings read as ints.
    @Test func numbersKeepTheirText() throws {
        let values = try Self.parse(#"{"id": 782737772490600448, "indices": ["16", 39], "f": -1.5e3}"#)
        #expect(values[0]["id"]?.text == "782737772490600448")
        #expect(values[0]["indices"]?.array?.compactMap(\.int) == [16, 39])
        #expect(values[0]["f"] == .number("-1.5e3"))
    }

    @Test func severalValuesAndTheirOffsets() throws {
        let values = try JSONParser.values(in: Array("{\"a\": true}\n[null, false]\n".utf8))
        #expect(values.map(\.offset) == [0, 12])
        #expect(values.map(\.value) == [.object(["a": .bool(true)]), .array([.null, .bool(false)])])
    }

    @Test func syntaxErrors() {
        #expect(throws: JSONSyntaxError(offset: 5, message: "expected ':' after a key")) { try Self.parse(#"{"a" 1}"#) }
        #expect(throws: JSONSyntaxError(offset: 0, message: "unterminated string")) { try Self.parse(#""abc"#) }
        #expect(throws: JSONSyntaxError(offset: 1, message: #"invalid escape '\q' in a string"#)) { try Self.parse(#""\q""#) }
        #expect(throws: JSONSyntaxError(offset: 1, message: "unexpected 'x'")) { try Self.parse("[x]") }
        #expect(throws: JSONSyntaxError(offset: 0, message: "unexpected 't'")) { try Self.parse("tru") }
    }
}
