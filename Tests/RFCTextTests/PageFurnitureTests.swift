import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct PageFurnitureTests {
    /// The first non-blank line after each form feed of the raw file: the running headers.
    static func runningHeaders(_ raw: String) -> Set<String> {
        var headers: Set<String> = []
        for page in raw.split(separator: "\u{0C}").dropFirst() {
            if let first = page.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) {
                headers.insert(first.split(separator: " ").joined(separator: " "))
            }
        }
        return headers
    }

    static func isFooter(_ line: Substring) -> Bool {
        line.wholeMatch(of: /.*\[[Pp]age [0-9ivx]+\]\s*/) != nil || line.wholeMatch(of: /\s*\[[Pp]age [0-9ivx]+\].*/) != nil
    }

    @Test(arguments: Fixtures.numbers)
    func noFormFeedsOrFootersLeft(number: Int) throws {
        let raw = try Fixtures.raw(number)
        let document = try Fixtures.document(number)
        #expect(!document.plainText.contains("\u{0C}"))
        let footers = raw.split(separator: "\n").filter(Self.isFooter)
        #expect(footers.count == ([1: 11, 793: 88, 2616: 176, 3986: 61, 8446: 160, 9110: 0][number] ?? -1))
        #expect(document.textLines.filter(Self.isFooter).isEmpty)
    }

    @Test(arguments: [1, 2616, 3986, 8446])
    func noRunningHeaderLeft(number: Int) throws {
        let headers = Self.runningHeaders(try Fixtures.raw(number))
        #expect(headers.count == 1)
        let document = try Fixtures.document(number)
        let left = document.textLines.filter { headers.contains($0.split(separator: " ").joined(separator: " ")) }
        #expect(left.isEmpty)
    }

    /// 793's header runs over two to four lines: date, title, chapter, even the event
    /// (`SEGMENT ARRIVES`), on alternate sides. (Its main part starts after an empty page.)
    @Test func noRunningHeaderLeftIn793() throws {
        let raw = try Fixtures.raw(793)
        #expect(Self.runningHeaders(raw) == ["September 1981", "RFC: 793"])
        let normalized = { (line: Substring) in line.split(separator: " ").joined(separator: " ") }
        let lines = try Fixtures.document(793).textLines.map(normalized)
        let rawLines = raw.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rawLines.filter { normalized($0) == "September 1981" }.count == 88)
        // The cover page's date is the one left.
        #expect(lines.filter { $0 == "September 1981" }.count == 1)
        for header in ["Transmission Control Protocol", "Functional Specification", "Introduction", "Philosophy", "Glossary"] {
            #expect(lines.filter { $0 == header }.count == 0, "running header \(header) left")
        }
        // `SEGMENT ARRIVES` heads 12 pages (at either margin); twice it is the event's name in the text.
        #expect(rawLines.filter { normalized($0) == "SEGMENT ARRIVES" }.count == 14)
        #expect(lines.filter { $0 == "SEGMENT ARRIVES" }.count == 2)
    }

    /// Page 2 of 793 ends in "The rest of this" and page 3 goes on with "section offers".
    @Test func paragraphCutByAPageBreakIsJoined() throws {
        let raw = try Fixtures.raw(793)
        #expect(raw.contains("with other TCPs.  The rest of this\n\n\n[Page 2]"))
        let paragraphs = try Fixtures.document(793).paragraphTexts
        let joined = paragraphs.filter { $0.contains("The rest of this section offers a very brief view") }
        #expect(
            joined == [
                "This document represents a specification of the behavior required of any TCP implementation, both in "
                    + "its interactions with higher level protocols and in its interactions with other TCPs. The rest of "
                    + "this section offers a very brief view of the protocol interfaces and operation. Section 2 "
                    + "summarizes the philosophical basis for the TCP design. Section 3 offers both a detailed description "
                    + "of the actions required of TCP when various events occur (arrival of new segments, user calls, "
                    + "errors, etc.) and the details of the formats of TCP segments."
            ])
    }

    /// A page of 2616 ends mid-sentence ("...the protocol requires that") and the next goes on.
    @Test func sentenceCutByAPageBreakIsJoinedIn2616() throws {
        let paragraphs = try Fixtures.document(2616).paragraphTexts
        #expect(
            paragraphs.contains {
                $0.hasPrefix("Requirements for performance, availability, and disconnected operation")
                    && $0.contains(
                        "semantic transparency. The HTTP/1.1 protocol allows origin servers, caches, and clients to explicitly reduce")
            })
    }

    /// A paragraph that ends at the page's foot stays apart from the next page's.
    @Test func paragraphEndingAtAPageFootStaysApart() throws {
        let paragraphs = try Fixtures.document(2616).paragraphTexts
        let abstractEnd = try #require(paragraphs.firstIndex { $0.hasSuffix("is an update to RFC 2068 [33].") })
        #expect(paragraphs[abstractEnd + 1] == "Table of Contents")
    }

    @Test func footerVariantsAreRemoved() throws {
        let text = """
            Network Working Group                                       A. Author
            Request for Comments: 99999                                  Example
                                                                       May 2001


                                      A Small Test

            1.  Introduction

               This sentence is long enough to fill the line as the text of
               RFCs does, and it is cut by the page break and goes on
            [Page 1]                                                   A. Author
            \u{0C}
            RFC 99999                     A Small Test                  May 2001


               after it, where the page footer stood before.

            2.  Second

               Last words.

            Author                                                     [page 2]
            """
        let document = try Fixtures.parse(text)
        #expect(
            document.paragraphTexts == [
                "This sentence is long enough to fill the line as the text of RFCs does, and it is cut by the page "
                    + "break and goes on after it, where the page footer stood before.",
                "Last words.",
            ])
        #expect(document.sectionPairs == [Pair("1", "Introduction"), Pair("2", "Second")])
        #expect(!document.plainText.contains("RFC 99999"))
        #expect(!document.plainText.contains("[Page"))
        #expect(!document.plainText.contains("[page"))
    }

    /// The oldest RFCs pad their lines to the margin; a page break in such a paragraph joins too.
    @Test func justifiedParagraphCutByAPageBreakIsJoined() throws {
        let text = """
            Network Working Group                                          J. Postel
            Request for Comments: 791                                            ISI
                                                                      September 1981

                                    INTERNET PROTOCOL

            1.  INTRODUCTION

              The   Internet   Protocol   is  designed  for  use  in  interconnected
              systems  of  packet-switched  computer  communication  networks.  Such
              a  system  has  been  called  a  "catenet"  [1]. The internet protocol

                                                                            [Page 1]
            \u{0C}
            September 1981
                                                                   Internet Protocol

              provides  for  transmitting  blocks  of  data  called  datagrams  from
              sources to destinations.

                                                                            [Page 2]
            \u{0C}
            September 1981
                                                                   Internet Protocol

            2.  OVERVIEW

              Short.

                                                                            [Page 3]
            """
        let document = try Fixtures.parse(text, key: "rfc/791")
        #expect(document.title == "Internet Protocol")
        #expect(document.sectionPairs == [Pair("1", "INTRODUCTION"), Pair("2", "OVERVIEW")])
        #expect(
            document.paragraphTexts == [
                "The Internet Protocol is designed for use in interconnected systems of packet-switched computer "
                    + "communication networks. Such a system has been called a \"catenet\" [1]. The internet protocol "
                    + "provides for transmitting blocks of data called datagrams from sources to destinations.",
                "Short.",
            ])
    }
}
