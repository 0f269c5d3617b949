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

/// WHATWG encoding sniffing, one rule per test. Every input here is synthetic, written for
/// the test.
@Suite struct EncodingSniffingTests {
    func text(_ bytes: [UInt8], charset: String? = nil) throws -> String {
        try HTMLModule().parse(ParseInput(bytes: bytes, requestType: "html", key: "sniffing", charset: charset)).plainText
    }

    func page(head: String, body: [UInt8]) -> [UInt8] {
        Array("<html><head>\(head)</head><body><p>".utf8) + body + Array("</p></body></html>".utf8)
    }

    /// Synthetic: a UTF-8 BOM wins over a Latin-1 header and a windows-1251 meta; a UTF-16LE
    /// BOM over a UTF-8 header.
    @Test func byteOrderMarkBeatsHeaderAndMeta() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + page(head: #"<meta charset="windows-1251">"#, body: Array("café".utf8))
        #expect(Charset.detect(bytes, header: "iso-8859-1") == "UTF-8")
        #expect(try text(bytes, charset: "iso-8859-1") == "café")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<html><head><meta charset=utf-8></head><body><p>héllo</p></body></html>".utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(Charset.detect(utf16, header: "utf-8") == "UTF-16LE")
        #expect(try text(utf16, charset: "utf-8") == "héllo")
    }

    /// Synthetic: windows-1251 bytes (not UTF-8) under a header that says so and a meta that
    /// says Latin-1.
    @Test func headerBeatsMeta() throws {
        let bytes = page(head: #"<meta charset="iso-8859-1">"#, body: [0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
        #expect(Charset.detect(bytes, header: "windows-1251") == "WINDOWS-1251")
        #expect(try text(bytes, charset: "windows-1251") == "привет")
        #expect(try text(bytes) == "ïðèâåò")
    }

    /// Synthetic: the prescan reads attributes in any order, needs `http-equiv` for a
    /// `content` charset, and skips comments and other tags' attribute values.
    @Test func metaPrescan() throws {
        func sniff(_ head: String) -> String? { MetaPrescan.encoding(ArraySlice(Array(head.utf8))) }
        #expect(sniff(#"<meta content="text/html; charset=windows-1251" http-equiv="Content-Type">"#) == "WINDOWS-1251")
        #expect(sniff(#"<META HTTP-EQUIV=content-type CONTENT='text/html;charset="koi8-r"'>"#) == "KOI8-R")
        #expect(sniff(#"<meta content="text/html; charset=windows-1251">"#) == nil)  // no http-equiv
        #expect(sniff(#"<meta name="description" content="charset=koi8-r"><meta charset=utf-8>"#) == "UTF-8")
        #expect(sniff(#"<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">"#) == "WINDOWS-1251")
        #expect(sniff(#"<div title="<meta charset=koi8-r>"><meta charset="windows-1251">"#) == "WINDOWS-1251")
        #expect(sniff(#"<meta charset="no-such-thing"><meta charset="windows-1251">"#) == "WINDOWS-1251")
        #expect(sniff(#"<meta/charset=shift_jis>"#) == "SHIFT_JIS")
        #expect(sniff("<metadata charset=koi8-r>") == nil)
        // Within the first 1024 bytes, behind a long comment.
        let padded = "<!--" + String(repeating: "x", count: 900) + "-->" + #"<meta charset="windows-1251">"#
        #expect(Charset.declaredInMeta(Array(padded.utf8)) == "WINDOWS-1251")
        let bytes = page(head: #"<meta charset="windows-1251">"#, body: [0xEF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
        #expect(try text(bytes) == "привет")
    }

    /// Synthetic: the case of issue 16 — a page that says gb2312 but is UTF-8 reads as UTF-8,
    /// with all its text; the same words really in GBK still read as GBK.
    @Test func declaredGB2312ThatIsUTF8ReadsAsUTF8() throws {
        let paragraph = "宇航员在太空中喝酒会怎么样？后果很严重。国际空间站上的宇航员不能饮酒，因为酒精会影响判断。"
        let paragraphs = (1...6).map { "<p>\(paragraph)第\($0)段。</p>" }.joined()
        let html =
            #"<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">"#
            + "<title>太空喝酒</title></head><body><article>\(paragraphs)</article></body></html>"
        let bytes = Array(html.utf8)
        #expect(Charset.detect(bytes, header: nil) == "UTF-8")
        #expect(Charset.detect(bytes, header: "gb2312") == "UTF-8")
        let read = try text(bytes)
        #expect(read.contains(paragraph))
        #expect(read.count >= paragraph.count * 6, "a near-empty body: \(read.count) characters")
        // GBK bytes of 中文 (not UTF-8) under the same declaration.
        let gbk = page(head: #"<meta charset="gb2312">"#, body: [0xD6, 0xD0, 0xCE, 0xC4])
        #expect(Charset.detect(gbk, header: nil) == "GB18030")
        #expect(try text(gbk) == "中文")
    }

    /// Synthetic: windows-1252 with bytes 0x80–0x9F (euro, quotes, dash) is not UTF-8 and stays
    /// windows-1252, declared in the meta or in the header.
    @Test func realWindows1252StaysWindows1252() throws {
        let body: [UInt8] = [0x93] + Array("Caf".utf8) + [0xE9, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]
        let bytes = page(head: #"<meta charset="windows-1252">"#, body: body)
        #expect(Charset.detect(bytes, header: nil) == "WINDOWS-1252")
        #expect(try text(bytes) == "\u{201C}Café\u{201D} \u{2013} €5")
        #expect(try text(page(head: "", body: body), charset: "windows-1252") == "\u{201C}Café\u{201D} \u{2013} €5")
    }

    /// Synthetic: WHATWG labels, as far as libxml2's decoders go.
    @Test func labelAliases() {
        for label in ["latin1", "iso-8859-1", "ISO_8859-1", "ascii", "us-ascii", "cp1252", "x-cp1252"] {
            #expect(Charset.usable(label) == "WINDOWS-1252", "\(label)")
        }
        for label in ["gb2312", "GBK", "x-gbk", "chinese", "csgb2312"] { #expect(Charset.usable(label) == "GB18030", "\(label)") }
        for label in ["x-sjis", "shift_jis", "sjis", "ms_kanji", "windows-31j"] {
            #expect(Charset.usable(label) == "SHIFT_JIS", "\(label)")
        }
        #expect(Charset.usable(" \"UTF8\" ") == "UTF-8")
        #expect(Charset.usable("latin5") == "WINDOWS-1254")
        #expect(Charset.usable("iso-2022-kr") == nil)  // WHATWG's "replacement": unreadable
        #expect(Charset.usable("x-no-such-charset") == nil)
    }
}
