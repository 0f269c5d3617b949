import Foundation
import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct InputTests {
    let module = RFCTextModule()

    func parse(_ bytes: [UInt8], key: String = "rfc/42", charset: String? = nil) throws -> Document {
        try module.parse(ParseInput(bytes: bytes, requestType: "rfc", key: key, charset: charset))
    }

    @Test func emptyInputIsAParseError() {
        #expect(throws: ParseError(module: "rfc-text", reason: "the input is empty")) { try parse([]) }
        #expect(throws: ParseError(module: "rfc-text", reason: "the input holds only white space")) {
            try parse(Array(" \n\n\u{0C}\n".utf8))
        }
    }

    @Test func binaryInputIsAParseError() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
        #expect(throws: ParseError(module: "rfc-text", reason: "binary data (control characters), not the text of an RFC")) {
            try parse(png)
        }
        let controls = (0..<200).map { UInt8($0 % 8 + 1) }
        #expect(throws: ParseError(module: "rfc-text", reason: "binary data (control characters), not the text of an RFC")) {
            try parse(controls)
        }
    }

    /// RFC 774 has three NULs after a form feed (byte 3449): an RFC is read, its stray control
    /// bytes dropped, never refused for them.
    @Test func strayControlBytesAreDropped() throws {
        let text =
            "Network Working Group                                          J. Postel\nRequest for Comments: 42\u{0}\u{0}\u{0}                                     May 1970\n\n                          A \u{1B}[31mTitle\u{7}\n\n1.  Intro\u{0}duction\n\n   Some\u{8} text.\r\n"
        let document = try parse(Array(text.utf8))
        #expect(document.extra["number"] == 42)
        #expect(document.title == "A [31mTitle")
        #expect(document.plainText.contains("Introduction"))
        #expect(!document.plainText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func htmlPageIsAParseError() {
        let page = Array(
            "\u{FEFF}\n  <!DOCTYPE html>\n<html><head><title>RFC 793</title></head><body>Request for Comments: 793</body></html>".utf8)
        #expect(throws: ParseError(module: "rfc-text", reason: "an HTML or XML page, not the plain text of an RFC")) { try parse(page) }
    }

    @Test func textWithoutAnyRFCNumberIsAParseError() {
        let notes = Array("Shopping list\n\n   Milk, bread and a copy of the TCP specification.\n".utf8)
        #expect(
            throws: ParseError(
                module: "rfc-text",
                reason: "not an RFC: no \"Request for Comments:\" line in the text and no RFC number in \"/home/me/notes.txt\"")
        ) {
            try parse(notes, key: "/home/me/notes.txt")
        }
    }

    @Test func numberFromTheKeyOrTheFileName() throws {
        let text = Array("A text that lost its header.\n\n1.  Introduction\n\n   It says RFC 42 and RFC 791.\n".utf8)
        let fromKey = try parse(text, key: "rfc/42")
        #expect(fromKey.extra["number"] == 42)
        #expect(fromKey.key == "rfc/42")
        #expect(fromKey.referenceNumbers == [791])
        #expect(fromKey.title == "RFC 42")
        #expect(fromKey.notes == ["The text does not give its RFC number; 42 comes from where it was read."])
        let fromFile = try parse(text, key: "/srv/mirror/rfc0042.txt")
        #expect(fromFile.extra["number"] == 42)
        #expect(fromFile.key == "rfc/42")
        #expect(fromFile.describedBy == EntryReference(key: "rfc-index", id: "42"))
    }

    @Test func paddedKeyBecomesTheCatalogKey() throws {
        let document = try parse(Array(try Fixtures.raw(1).utf8), key: "rfc/0001")
        #expect(document.key == "rfc/1")
    }

    /// RFC 768's layout: a date with a day on the right, the title underlined, no contents.
    @Test func underlinedTitleAndNoContents() throws {
        let text = """

            Network Working Group                                          J. Postel
            Request for Comments: 768                                            ISI
                                                                      28 August 1980



                                     User Datagram Protocol
                                     ----------------------

            Introduction
            ------------

            This User Datagram  Protocol  (UDP)  is  defined  to  make  available  a
            datagram   mode  of  packet-switched   computer   communication  in  the
            environment  of  an  interconnected  set  of  computer  networks.

            Format
            ------

                             0      7 8     15 16    23 24    31
                            +--------+--------+--------+--------+
                            |     Source      |   Destination   |
                            +--------+--------+--------+--------+

            References
            ----------

            [1]     Postel,  J.,   "Internet  Protocol,"  RFC 760,  USC/Information
                    Sciences Institute, January 1980.
            """
        let document = try parse(Array(text.utf8), key: "rfc/768")
        #expect(document.title == "User Datagram Protocol")
        #expect(document.metadata.date == "1980-08-28")
        #expect(document.metadata.authors == ["J. Postel"])
        #expect(document.referenceNumbers == [760])
        #expect(document.sectionPairs == [Pair(nil, "Introduction"), Pair(nil, "Format"), Pair(nil, "References")])
        #expect(
            document.paragraphTexts.first
                == "This User Datagram Protocol (UDP) is defined to make available a datagram mode of packet-switched computer communication in the environment of an interconnected set of computer networks."
        )
        #expect(document.preformattedTexts.contains { $0.contains("|     Source      |   Destination   |") })
    }

    @Test func localFileKeyBecomesTheCatalogKey() throws {
        let bytes = Array(try Fixtures.raw(3986).utf8)
        let document = try parse(bytes, key: "/tmp/downloads/some-file.txt")
        #expect(document.key == "rfc/3986")
        #expect(document.extra["number"] == 3986)
    }

    /// Invalid UTF-8 is read leniently: replacement characters, never a crash.
    @Test func invalidUTF8IsReadLeniently() throws {
        var bytes = Array(
            "Network Working Group                                       A. Author\nRequest for Comments: 4242                                      Example\n                                                            April 2004\n\n\n                              Broken Bytes\n\n1.  Introduction\n\n   Here: "
                .utf8)
        bytes += [0xC3, 0x28, 0xFF, 0xFE, 0xE2, 0x82]
        bytes += Array(" and more text.\n".utf8)
        let document = try parse(bytes)
        #expect(document.title == "Broken Bytes")
        #expect(document.paragraphTexts == ["Here: \u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD} and more text."])
    }

    /// A file cut anywhere is either read (as much of it as is there) or refused with a
    /// `ParseError`; never another error, never text that was not in it.
    @Test func truncatedFilesAndOddLineEndsDoNotCrash() throws {
        let raw = Array(try Fixtures.raw(2616).utf8)
        var read: [Int: Document] = [:]
        for length in [1, 7, 300, 1000, 5000, 40000] {
            do {
                read[length] = try parse(Array(raw.prefix(length)), key: "rfc/2616")
            } catch is ParseError {
                continue
            }
        }
        for (length, document) in read {
            #expect(document.plainText.utf8.count <= length, "\(length) bytes read as \(document.plainText.utf8.count)")
        }
        let long = try #require(read[40000], "the first 40 kB of RFC 2616 should read")
        #expect(long.title == "Hypertext Transfer Protocol -- HTTP/1.1")
        #expect(long.plainText.contains("The Hypertext Transfer Protocol (HTTP) is an application-level protocol"))
        let crlf = Array(try Fixtures.raw(3986).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let document = try parse(crlf, key: "rfc/3986")
        #expect(document.sectionPairs.count == 82)
        #expect(!document.plainText.contains("\r"))
    }

    @Test func latin1CharsetIsDecoded() throws {
        var bytes = Array("Network Working Group                                       P. F".utf8)
        bytes += [0xE4]  // ä in Latin-1
        bytes += Array(
            "ltstrom\nRequest for Comments: 4343                                      Example\n                                                            April 2004\n\n\n                                  Names\n\n1.  Introduction\n\n   Hello.\n"
                .utf8)
        let document = try parse(bytes, charset: "ISO-8859-1")
        #expect(document.metadata.authors == ["P. Fältstrom"])
    }

    @Test func tabsAreExpanded() throws {
        let text = Array(
            "Network Working Group\t\t\t\t\t\tA. Author\nRequest for Comments: 4444\t\t\t\t\tExample\n\t\t\t\t\t\t\tApril 2004\n\n\n\t\t\t      Tabs\n\n1.  Introduction\n\n\tfoo\tbar\n\tbaz\n"
                .utf8)
        let document = try parse(text)
        #expect(document.metadata.authors == ["A. Author"])
        #expect(document.metadata.date == "2004-04")
        #expect(document.title == "Tabs")
    }

    /// Synthetic edge: a tab or a stray byte among the last bytes of the text, after a first
    /// pass that only asks whether there is one, is seen all the same.
    @Test func controlBytesInTheLastBytesAreSeen() throws {
        let head = Array(repeating: UInt8(ascii: "x"), count: 32) + [0x0A]
        for tail: [UInt8] in [[0x61, 0x09, 0x62], [0x61, 0x00, 0x62], [0x61, 0x1B, 0x62], [0x61, 0x7F, 0x62]] {
            let text = SourceText(head + tail + [0x0A])
            #expect(!text.bytes.contains { $0 < 0x20 && $0 != 0x0A } && !text.bytes.contains(0x7F), "\(tail)")
            // A tab after `a` reaches column 8: seven spaces; a stray byte is dropped.
            #expect(text.bytes.count == (tail[1] == 0x09 ? head.count + 10 : head.count + 3), "\(tail)")
        }
    }
}
