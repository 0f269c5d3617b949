import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Drafts

@Suite struct RequestTests {
    let settings = Settings(["READER_IETF_ARCHIVE_URL": "file:///mirror/id"])

    @Test func aVersionIsAFileOfTheArchive() throws {
        let location = try #require(try DraftsModule().locate("draft-ietf-quic-transport-34", settings: settings))
        #expect(location.key == "draft-ietf-quic-transport-34")
        #expect(location.urls == ["file:///mirror/id/draft-ietf-quic-transport-34.txt"])
        #expect(location.isImmutable)
        let byDefault = try #require(try DraftsModule().locate("DRAFT-ietf-quic-transport-34", settings: Settings([:])))
        #expect(byDefault.urls == ["https://www.ietf.org/archive/id/draft-ietf-quic-transport-34.txt"])
        #expect(try DraftsModule().locate("ietf-quic-transport-34", settings: settings)?.key == "draft-ietf-quic-transport-34")
    }

    /// No version: the latest, which the datatracker's doc.json names (`rev`), else the newest stored.
    @Test func aNameWithoutVersionIsAskedOfTheDatatracker() throws {
        let location = try #require(try DraftsModule().locate("draft-ietf-quic-transport", settings: settings))
        #expect(location.urls.isEmpty)
        let resolution = try #require(location.resolution)
        #expect(resolution.url == "https://datatracker.ietf.org/doc/draft-ietf-quic-transport/doc.json")
        #expect(resolution.member == "rev")
        #expect(resolution.argument(with: "34") == "draft-ietf-quic-transport-34")
        #expect(resolution.storedPrefix == "draft-ietf-quic-transport-")
        let local = Settings(["READER_DATATRACKER_URL": "http://127.0.0.1:9/"])
        let elsewhere = try #require(try DraftsModule().locate("ietf-quic-transport", settings: local)?.resolution)
        #expect(elsewhere.url == "http://127.0.0.1:9/doc/draft-ietf-quic-transport/doc.json")
    }

    /// Bad names and versions: one line naming what is wrong; nothing raw of the argument.
    @Test(arguments: [
        ("draft-foo-bar-999", "versions are two digits"),
        ("draft-foo-bar-7", "versions are two digits"),
        ("../../etc/passwd", "is not a draft's name"),
        ("draft-foo/../bar-01", "is not a draft's name"),
        ("draft-\u{1B}[31mred-01", "\\u{1b}"),
        ("draft-a", "is not a draft's name"),
        ("", "no draft named"),
    ])
    func aBadRequestIsRefusedInOneLine(argument: String, words: String) {
        do {
            _ = try DraftsModule().locate(argument, settings: settings)
            Issue.record("\(argument) was accepted")
        } catch let error as RequestError {
            #expect(error.message.contains(words))
            #expect(!error.message.contains("\n"))
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
            #expect(error.message.hasPrefix("draft: "))
        } catch {
            Issue.record("\(error)")
        }
    }

    /// HTML, binary and text that is no draft are refused; nothing is made of them.
    @Test(arguments: [
        "<!DOCTYPE html><html><body>draft-x-y-01</body></html>",
        "\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}binary\u{0}\u{1}\u{2}",
        "Just some text\n\nwith no header at all.\n",
    ])
    func inputThatIsNoDraftIsRefused(text: String) {
        #expect(throws: ParseError.self) { try Fixtures.parse(text, key: "https://example.org/x.txt") }
    }

    @Test func aDraftIsRecognizedAndAnRFCIsNot() throws {
        let draft = try Array(ReaderTestSupport.Corpus.bytes("drafts/\(Fixtures.linking07).txt").prefix(Sample.prefixLength))
        #expect(DraftsModule().recognize(Sample(prefix: draft[...], fileName: "x.txt")) > 90)
        let rfc = try Array(ReaderTestSupport.Corpus.bytes("rfc/rfc9110.txt").prefix(Sample.prefixLength))
        #expect(DraftsModule().recognize(Sample(prefix: rfc[...], fileName: "rfc9110.txt")) == 0)
    }
}
