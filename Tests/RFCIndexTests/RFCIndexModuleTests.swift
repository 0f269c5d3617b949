import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import RFCIndex

@Suite struct RFCIndexModuleTests {
    let module = RFCIndexModule()

    @Test func describesItself() {
        let descriptor = module.descriptor
        #expect(descriptor.name == "rfc-index")
        #expect(descriptor.requestTypes == ["rfc-index"])
        #expect(descriptor.urlPatterns == ["*/rfc-index.txt"])
        #expect(descriptor.mediaTypes == ["text/plain"])
        #expect(descriptor.fileExtensions.isEmpty)
        #expect(descriptor.version == "2")
        #expect(!descriptor.summary.isEmpty && !descriptor.summary.contains("\n"))
    }

    @Test func locatesTheIndexUnderTheRFCEditorSite() throws {
        let standard = try module.locate("", settings: Settings([:]))
        #expect(standard == Location(key: "rfc-index", urls: ["https://www.rfc-editor.org/rfc-index.txt"]))
        let mirror = try module.locate(
            "rfc-index", settings: Settings(["READER_RFC_EDITOR_URL": "http://127.0.0.1:8080/"]))
        #expect(mirror == Location(key: "rfc-index", urls: ["http://127.0.0.1:8080/rfc-index.txt"]))
        let local = try module.locate("", settings: Settings(["READER_RFC_EDITOR_URL": "file:///srv/rfc"]))
        #expect(local?.urls == ["file:///srv/rfc/rfc-index.txt"])
        // An empty setting counts as unset.
        let empty = try module.locate("", settings: Settings(["READER_RFC_EDITOR_URL": ""]))
        #expect(empty?.urls == ["https://www.rfc-editor.org/rfc-index.txt"])
    }

    @Test func recognizesTheIndexOverOtherText() throws {
        let index = try IndexFixture.bytes.get()
        #expect(module.recognize(Sample(prefix: index.prefix(4096))) == 90)
        #expect(module.recognize(Sample(prefix: index.prefix(4096), fileName: "rfc-index.txt")) == 95)
        #expect(module.recognize(Sample(prefix: [], fileName: "rfc-index.txt")) == 95)
        let rfc793 = try Corpus.bytes("rfc/rfc793.txt")
        #expect(
            module.recognize(Sample(prefix: rfc793.prefix(4096), fileName: "rfc793.txt", mediaType: "text/plain")) == 0)
        let html = Array("<!DOCTYPE html><html><body><h1>RFC INDEX</h1></body></html>".utf8)
        #expect(module.recognize(Sample(prefix: html[...], mediaType: "text/html")) == 0)
        #expect(module.recognize(Sample(prefix: Array("Some notes on the RFC INDEX.\n".utf8)[...])) == 0)
    }

    @Test func emptyInputIsNoIndex() {
        let error = #expect(throws: ParseError.self) { try IndexFixture.parse([UInt8]()) }
        #expect(error == ParseError(module: "rfc-index", reason: "no index entries found"))
    }

    @Test func htmlErrorPageIsNoIndex() {
        let page = """
            <!DOCTYPE html>
            <html><head><title>404 Not Found</title></head>
            <body><h1>Not Found</h1><p>The requested URL /rfc-index.txt was not found.</p></body></html>
            """
        let error = #expect(throws: ParseError.self) { try IndexFixture.parse(page) }
        #expect(error?.reason == "no index entries found")
        // A plain-text error whose line happens to start with a number is no index either.
        #expect(throws: ParseError.self) { try IndexFixture.parse("404 Not Found\n") }
    }

    @Test func oddEntriesAreKeptAndNoted() throws {
        let text = """
            0001 Host Software. S. Crocker. April 1969. (Format: TXT, HTML) (Status:
                 UNKNOWN) (DOI: 10.17487/RFC0001)

            0002 Host software. B. Duvall. (Status: UNKNOWN)

            0001 Host Software again. S. Crocker. May 1969.

            """
        let document = try IndexFixture.parse(text)
        #expect(document.entries.map(\.id) == ["1", "2"])
        #expect(document.entries[1].title == "Host software")
        #expect(document.entries[1].authors == ["B. Duvall"])
        #expect(document.entries[1].date == nil)
        #expect(document.entries[1][field: "date"] == .null)
        #expect(
            document.notes == [
                "line 4: RFC 2: no date",
                "line 6: RFC 1 is listed twice; the first listing is kept",
            ])
    }

    @Test func crlfLineEndingsAndAByteOrderMarkReadTheSame() throws {
        let original = try IndexFixture.document.get()
        let bytes = try IndexFixture.bytes.get()
        var converted: [UInt8] = [0xEF, 0xBB, 0xBF]
        converted.reserveCapacity(bytes.count * 21 / 20)
        for byte in bytes {
            if byte == 0x0A { converted.append(0x0D) }
            converted.append(byte)
        }
        let document = try IndexFixture.parse(converted)
        #expect(document.entries == original.entries)
        #expect(document.extra == original.extra)
    }

    @Test func latin1CharsetOutranksUTF8() throws {
        // "J. H\u{E4}rri" in ISO-8859-1 is one byte per letter.
        var bytes = Array("8691 Basic Support. N. Benamar, J. H".utf8)
        bytes.append(0xE4)
        bytes += Array("rri. December 2019. (Status: PROPOSED STANDARD) \n".utf8)
        let document = try IndexFixture.parse(bytes, charset: "ISO-8859-1")
        #expect(document.entries.first?.authors == ["N. Benamar", "J. Härri"])
    }
}
