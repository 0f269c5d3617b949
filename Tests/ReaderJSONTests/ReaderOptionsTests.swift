import ReaderJSON
import Testing

/// The one reader's options, each on the input that tells them apart.
@Suite struct ReaderOptionsTests {
    static func string(_ bytes: [UInt8], _ options: JSONReader.Options) throws -> String {
        try bytes.withUnsafeBufferPointer { buffer in try JSONReader.read(buffer, options: options) { try $0.string() } }
    }

    static func check(_ text: String, _ options: JSONReader.Options) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            (try? JSONReader.read(buffer, options: options) { try $0.checkValue() }) != nil
        }
    }

    /// `JSONDecoder` reads `[1,]`; JSON does not, nor does the strict check of stored text.
    @Test func trailingCommas() {
        #expect(Self.check("[1,]", .decoderCompatible))
        #expect(Self.check(#"{"a":1,}"#, .lenient))
        #expect(!Self.check("[1,]", .strict))
        #expect(!Self.check(#"{"a":1,}"#, .strict))
        #expect(!JSONReader.isObject(#"{"a":1,}"#))
        #expect(JSONReader.isObject(#"{"a":[1,2.5e3,"\u00e9"],"b":{}}"#))
    }

    /// Text that is not well-formed is refused where the store reads, repaired where people read.
    @Test(arguments: [
        ([0x22, 0x61, 0xFF, 0x22] as [UInt8], "a\u{FFFD}"),  // not UTF-8
        (Array(#""\ud83c!""#.utf8), "\u{FFFD}!"),  // a lone high surrogate
        (Array(#""\udfb6""#.utf8), "\u{FFFD}"),  // a lone low surrogate
        ([0x22, 0x61, 0x0A, 0x22], "a\n"),  // a raw control character
    ])
    func badText(_ bytes: [UInt8], repaired: String) throws {
        #expect(throws: JSONReadError.self) { try Self.string(bytes, .decoderCompatible) }
        #expect(try Self.string(bytes, .lenient) == repaired)
    }

    /// Nesting is bounded by the options; the refusal names the bracket that went too deep.
    @Test func depth() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.check(deep, .decoderCompatible))
        #expect(!Self.check(deep, .lenient))
        let error = Array(deep.utf8).withUnsafeBufferPointer { buffer in
            #expect(throws: JSONReadError.self) { try JSONReader.read(buffer, options: .lenient) { try $0.checkValue() } }
        }
        #expect(error?.offset == 256)
    }

    /// A number's text as written, for ids a Double would round.
    @Test func numberText() throws {
        let text = try Array("782737772490600448".utf8).withUnsafeBufferPointer { buffer in
            try JSONReader.read(buffer) { try $0.numberText() }
        }
        #expect(text == "782737772490600448")
    }
}
