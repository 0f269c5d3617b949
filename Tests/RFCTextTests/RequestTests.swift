import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct RequestTests {
    let module = RFCTextModule()

    @Test func descriptor() {
        let descriptor = module.descriptor
        #expect(descriptor.name == "rfc-text")
        #expect(descriptor.requestTypes == ["rfc"])
        #expect(descriptor.urlPatterns == ["*/rfc/rfc*.txt", "*/rfc*.txt"])
        #expect(descriptor.mediaTypes == ["text/plain"])
        #expect(descriptor.fileExtensions == ["txt"])
        #expect(descriptor.version == "5")
    }

    @Test(arguments: [
        ("793", ["793"]), ("0793", ["793"]), ("RFC793", ["793"]), ("rfc 793", ["793"]), ("RFC 0793", ["793"]),
        (" 9110 ", ["9110"]), ("1-5", ["1", "2", "3", "4", "5"]), ("rfc1-rfc3", ["1", "2", "3"]), ("7-7", ["7"]),
    ])
    func expandsOneArgument(argument: String, expected: [String]) throws {
        #expect(try module.expand([argument]) == expected)
    }

    @Test func expandsRangesInOrder() throws {
        let numbers = try module.expand(["1-60", "793"])
        #expect(numbers.count == 61)
        #expect(numbers.first == "1")
        #expect(numbers[59] == "60")
        #expect(numbers.last == "793")
    }

    @Test(arguments: ["", "abc", "0", "00", "rfc", "79x3", "1-", "-5", "60-1", "1-2-3", "1-20001", "12.5", "1234567", "RFC-"])
    func rejectsGarbage(argument: String) {
        #expect(throws: RequestError.self) { try module.expand([argument]) }
    }

    @Test func noNumberAtAllSaysOneIsMissing() {
        // `reader fetch rfc` with nothing after it.
        let missing = RequestError("rfc: no RFC number given (such as 793, or a range such as 1-60)")
        #expect(throws: missing) { try module.locate("", settings: Settings([:])) }
        #expect(throws: missing) { try module.expand(["RFC"]) }
        #expect(throws: RequestError("rfc: \"1-\" is not an RFC number (such as 793) or a range (such as 1-60)")) {
            try module.expand(["1-"])
        }
    }

    @Test func rangeLimitIsTwentyThousand() throws {
        #expect(try module.expand(["1-20000"]).count == 20000)
        #expect(throws: RequestError.self) { try module.expand(["1-20001"]) }
        #expect(throws: RequestError.self) { try module.expand(["1-15000", "15001-30000"]) }
    }

    @Test func reversedRangeSaysSo() {
        #expect(throws: RequestError("rfc: the range \"60-1\" runs backwards; write 1-60")) { try module.expand(["60-1"]) }
    }

    @Test func locatesOnTheRFCEditorByDefault() throws {
        let location = try #require(try module.locate("0793", settings: Settings([:])))
        #expect(location.key == "rfc/793")
        #expect(location.urls == ["https://www.rfc-editor.org/rfc/rfc793.txt"])
        #expect(location.headers.isEmpty)
    }

    @Test func locatesOnAnotherSiteWithoutTrailingSlash() throws {
        let settings = Settings(["READER_RFC_EDITOR_URL": "http://127.0.0.1:8080/mirror/"])
        let location = try #require(try module.locate("RFC 9110", settings: settings))
        #expect(location.key == "rfc/9110")
        #expect(location.urls == ["http://127.0.0.1:8080/mirror/rfc/rfc9110.txt"])
    }

    @Test func locatesInALocalMirrorUnderRfcThenFlat() throws {
        let settings = Settings(["READER_RFC_EDITOR_URL": "file:///srv/rfc-mirror//"])
        let location = try #require(try module.locate("2616", settings: settings))
        #expect(location.key == "rfc/2616")
        #expect(location.urls == ["file:///srv/rfc-mirror/rfc/rfc2616.txt", "file:///srv/rfc-mirror/rfc2616.txt"])
    }

    @Test func emptySettingMeansDefault() throws {
        let location = try #require(try module.locate("1", settings: Settings(["READER_RFC_EDITOR_URL": ""])))
        #expect(location.urls == ["https://www.rfc-editor.org/rfc/rfc1.txt"])
    }

    @Test func locateRefusesRangesAndGarbage() {
        #expect(throws: RequestError.self) { try module.locate("1-3", settings: Settings([:])) }
        #expect(throws: RequestError.self) { try module.locate("tcp", settings: Settings([:])) }
        #expect(throws: RequestError.self) { try module.locate("0", settings: Settings([:])) }
    }

    @Test func recognizesRFCText() throws {
        let rfc2616 = Array(try Fixtures.raw(2616).utf8)
        #expect(module.recognize(Sample(prefix: rfc2616.prefix(4096), fileName: "notes.txt")) == 90)
        let rfc9110 = Array(try Fixtures.raw(9110).utf8)
        #expect(module.recognize(Sample(prefix: rfc9110.prefix(4096))) == 90)
        let rfc793 = Array(try Fixtures.raw(793).utf8)
        #expect(module.recognize(Sample(prefix: rfc793.prefix(4096))) == 90)
        let rfc1 = Array(try Fixtures.raw(1).utf8)
        #expect(module.recognize(Sample(prefix: rfc1.prefix(4096))) == 90)
    }

    @Test func recognizesByFileNameAlone() {
        let text = Array("Some notes that are not an RFC.\n".utf8)
        #expect(module.recognize(Sample(prefix: text[...], fileName: "rfc8446.txt")) == 60)
        #expect(module.recognize(Sample(prefix: text[...], fileName: "RFC0793.TXT")) == 60)
        #expect(module.recognize(Sample(prefix: text[...], fileName: "notes.txt")) == 0)
        #expect(module.recognize(Sample(prefix: text[...], fileName: "rfc-index.txt")) == 0)
    }

    @Test func leavesHTMLAlone() {
        let page = Array("<!DOCTYPE html><html><body>Request for Comments: 793</body></html>".utf8)
        #expect(module.recognize(Sample(prefix: page[...], fileName: "rfc793.html", mediaType: "text/html")) == 0)
    }
}
