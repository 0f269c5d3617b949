import ReaderPluginAPI
import Testing

@testable import HTML

/// The encoding comes from the HTTP header, else a byte order mark, else `<meta>`, else UTF-8.
@Suite struct CharsetTests {
    func text(_ bytes: [UInt8], charset: String? = nil) throws -> String {
        try HTMLModule().parse(ParseInput(bytes: bytes, requestType: "html", key: "charset", charset: charset)).plainText
    }

    func page(head: String, body: [UInt8]) -> [UInt8] {
        Array("<html><head>\(head)</head><body><p>".utf8) + body + Array("</p></body></html>".utf8)
    }

    @Test func latin1PageWithOnlyAMetaCharset() throws {
        let bytes = page(head: #"<meta charset="iso-8859-1">"#, body: Array("caf".utf8) + [0xE9])
        #expect(try text(bytes) == "café")
    }

    @Test func httpEquivContentTypeDeclaresTheCharset() throws {
        let head = #"<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#
        let bytes = page(head: head, body: [0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
        #expect(try text(bytes) == "привет")
    }

    /// Browsers read a page labelled Latin-1 as Windows-1252, where 0x93 and 0x94 are quotes.
    @Test func latin1LabelMeansWindows1252() throws {
        let bytes = page(head: #"<meta charset="ISO-8859-1">"#, body: [0x93] + Array("quoted".utf8) + [0x94])
        #expect(try text(bytes) == "\u{201C}quoted\u{201D}")
    }

    @Test func utf8PageWithAByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + page(head: "", body: Array("café".utf8))
        #expect(try text(bytes) == "café")
    }

    @Test func headerCharsetBeatsTheMeta() throws {
        let utf8 = page(head: #"<meta charset="iso-8859-1">"#, body: Array("café".utf8))
        #expect(try text(utf8, charset: "utf-8") == "café")
        let latin1 = page(head: #"<meta charset="utf-8">"#, body: Array("caf".utf8) + [0xE9])
        #expect(try text(latin1, charset: "ISO-8859-1") == "café")
    }

    @Test func noDeclarationMeansUTF8() throws {
        #expect(try text(page(head: "", body: Array("naïve café".utf8))) == "naïve café")
    }

    /// One bad byte must not turn the rest of a UTF-8 page into Latin-1 mojibake.
    @Test func invalidUTF8BytesBecomeReplacementCharacters() throws {
        let bytes = page(head: "", body: Array("café ".utf8) + [0xFF] + Array(" naïve".utf8))
        #expect(try text(bytes) == "café \u{FFFD} naïve")
    }

    @Test func unknownLabelsFallBackToUTF8() throws {
        let bytes = page(head: #"<meta charset="x-no-such-charset">"#, body: Array("café".utf8))
        #expect(try text(bytes, charset: "bogus") == "café")
    }

    @Test func detection() {
        #expect(Charset.detect(Array("<meta charset=utf-8>".utf8), header: nil) == "UTF-8")
        #expect(Charset.detect(Array("<META CHARSET='Shift_JIS'>".utf8), header: nil) == "SHIFT_JIS")
        #expect(Charset.detect([0xFF, 0xFE, 0x3C, 0x00], header: nil) == "UTF-16LE")
        #expect(Charset.detect(Array(#"<meta charset="utf-16">"#.utf8), header: nil) == "UTF-8")
        #expect(Charset.detect(Array("<p>no meta</p>".utf8), header: "GBK") == "GB18030")
    }

    @Test func utf16PageWithAByteOrderMark() throws {
        let html = "<html><body><p>héllo wörld</p></body></html>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in html.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try text(bytes) == "héllo wörld")
    }
}

@Suite struct UTF8ValidationTests {
    func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(ByteRepair.isValidUTF8) }

    @Test func acceptsWhatTheStandardLibraryAccepts() {
        let samples: [[UInt8]] = [
            [], Array("plain ascii text, longer than eight bytes".utf8), Array("café naïve 漢字 😀".utf8),
            [0xC3], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            Array("12345678".utf8) + [0xE2, 0x82], Array("12345678".utf8) + [0xE2, 0x82, 0xAC],
        ]
        for sample in samples {
            #expect(valid(sample) == (String(validating: sample, as: UTF8.self) != nil), "\(sample)")
        }
    }
}
