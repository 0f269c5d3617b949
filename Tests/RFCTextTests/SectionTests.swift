import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct SectionTests {
    /// The entries of an RFC's own table of contents, read here with regular expressions, apart
    /// from the module: the lines from `Table of Contents` to the body's first heading (`start`)
    /// that end in a leader and a page number; or, without leaders (v3), the indented lines.
    static func tableOfContents(_ raw: String, start: Regex<Substring>) -> [Pair] {
        let lines = raw.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.wholeMatch(of: /\s*(Table of Contents|TABLE OF CONTENTS)\s*/) != nil }),
            let end = lines[(title + 1)...].firstIndex(where: { $0.wholeMatch(of: start) != nil })
        else { return [] }
        var entries: [(indent: Int, text: String)] = []
        let leadered = lines[(title + 1)..<end].contains { $0.wholeMatch(of: /.*\.\s*([0-9]+|[ivx]+)\s*/) != nil }
        for line in lines[(title + 1)..<end] {
            let indent = line.prefix { $0 == " " }.count
            if leadered {
                if let match = line.wholeMatch(of: /\s*(.+?)\s*\.[ .]*?([0-9]+|[ivx]+)\s*/) {
                    entries.append((indent, String(match.1)))
                }
            } else if indent > 0, !line.allSatisfy(\.isWhitespace) {
                let text = line.split(separator: " ").joined(separator: " ")
                if let last = entries.last, indent > last.indent, text.firstMatch(of: /^[0-9A-Z]+\./) == nil {
                    entries[entries.count - 1].text += " " + text  // a wrapped title
                } else {
                    entries.append((indent, text))
                }
            }
        }
        return entries.map { entry in
            if let match = entry.text.wholeMatch(of: /(?:Appendix\s+)?([0-9]+(?:\.[0-9]+)*|[A-Z](?:\.[0-9]+)*)\.?\s+(.+)/) {
                return Pair(String(match.1), String(match.2).split(separator: " ").joined(separator: " "))
            }
            return Pair(nil, entry.text)
        }
    }

    /// Matches the contents' entries, in order, to the sections; returns the sections left over.
    static func unlisted(_ sections: [Pair], contents: [Pair]) -> (extra: [Pair], missing: [Pair]) {
        var extra: [Pair] = []
        var next = 0
        for section in sections {
            if next < contents.count, contents[next].number == section.number,
                contents[next].title.lowercased() == section.title.lowercased()
            {
                next += 1
            } else {
                extra.append(section)
            }
        }
        return (extra, Array(contents[next...]))
    }

    @Test func sectionsOf793AreItsTableOfContents() throws {
        let sections = try Fixtures.document(793).sectionPairs
        #expect(
            sections == [
                Pair(nil, "PREFACE"),
                Pair("1", "INTRODUCTION"), Pair("1.1", "Motivation"), Pair("1.2", "Scope"), Pair("1.3", "About this Document"),
                Pair("1.4", "Interfaces"), Pair("1.5", "Operation"),
                Pair("2", "PHILOSOPHY"), Pair("2.1", "Elements of the Internetwork System"), Pair("2.2", "Model of Operation"),
                Pair("2.3", "The Host Environment"), Pair("2.4", "Interfaces"), Pair("2.5", "Relation to Other Protocols"),
                Pair("2.6", "Reliable Communication"), Pair("2.7", "Connection Establishment and Clearing"),
                Pair("2.8", "Data Communication"), Pair("2.9", "Precedence and Security"), Pair("2.10", "Robustness Principle"),
                Pair("3", "FUNCTIONAL SPECIFICATION"), Pair("3.1", "Header Format"), Pair("3.2", "Terminology"),
                Pair("3.3", "Sequence Numbers"), Pair("3.4", "Establishing a connection"), Pair("3.5", "Closing a Connection"),
                Pair("3.6", "Precedence and Security"), Pair("3.7", "Data Communication"), Pair("3.8", "Interfaces"),
                Pair("3.9", "Event Processing"),
                Pair(nil, "GLOSSARY"), Pair(nil, "REFERENCES"),
            ])
        // The same as its table of contents, which writes 1.3 "About This Document".
        let contents = Self.tableOfContents(try Fixtures.raw(793), start: /\s+PREFACE/)
        #expect(contents.count == 30)
        #expect(contents.map(\.number) == sections.map(\.number))
        #expect(contents.map { $0.title.lowercased() } == sections.map { $0.title.lowercased() })
    }

    /// Every entry of the contents is a section, in order. The sections the contents leave out
    /// are the front matter, levels the contents do not go down to, and the closing notices.
    @Test func sectionsOf2616FollowItsTableOfContents() throws {
        let contents = Self.tableOfContents(try Fixtures.raw(2616), start: /1 Introduction/)
        #expect(contents.count == 253)
        #expect(contents.first == Pair("1", "Introduction"))
        #expect(contents.last == Pair("21", "Full Copyright Statement"))
        let sections = try Fixtures.document(2616).sectionPairs
        let (extra, missing) = Self.unlisted(sections, contents: contents)
        #expect(missing == [])
        #expect(
            extra == [
                Pair(nil, "Status of this Memo"), Pair(nil, "Copyright Notice"), Pair(nil, "Abstract"),
                Pair("8.1.2.1", "Negotiation"), Pair("8.1.2.2", "Pipelining"),
                Pair("19.6.1.1", "Changes to Simplify Multi-homed Web Servers and Conserve IP Addresses"),
                Pair(nil, "Acknowledgement"),
            ])
    }

    @Test func sectionsOf3986FollowItsTableOfContents() throws {
        let contents = Self.tableOfContents(try Fixtures.raw(3986), start: /1\.  Introduction/)
        #expect(contents.count == 74)
        #expect(contents[65] == Pair("A", "Collected ABNF for URI"))
        #expect(contents.last == Pair(nil, "Full Copyright Statement"))
        let sections = try Fixtures.document(3986).sectionPairs
        let (extra, missing) = Self.unlisted(sections, contents: contents)
        #expect(missing == [])
        #expect(
            extra == [
                Pair(nil, "Status of This Memo"), Pair(nil, "Copyright Notice"), Pair(nil, "Abstract"),
                Pair("6.2.2.1", "Case Normalization"), Pair("6.2.2.2", "Percent-Encoding Normalization"),
                Pair("6.2.2.3", "Path Segment Normalization"),
                Pair(nil, "Intellectual Property"), Pair(nil, "Acknowledgement"),
            ])
    }

    @Test func sectionsOf8446FollowItsTableOfContents() throws {
        let contents = Self.tableOfContents(try Fixtures.raw(8446), start: /1\.  Introduction/)
        #expect(contents.count == 122)
        #expect(contents.first == Pair("1", "Introduction"))
        #expect(contents.last == Pair(nil, "Author's Address"))
        let sections = try Fixtures.document(8446).sectionPairs
        let (extra, missing) = Self.unlisted(sections, contents: contents)
        #expect(missing == [])
        #expect(
            extra.map(\.description) == [
                "- Abstract", "- Status of This Memo", "- Copyright Notice",
                "4.2.8.1 Diffie-Hellman Parameters", "4.2.8.2 ECDHE Parameters", "4.2.11.1 Ticket Age",
                "4.2.11.2 PSK Binder", "4.2.11.3 Processing Order", "4.4.2.1 OCSP Status and SCT Extensions",
                "4.4.2.2 Server Certificate Selection", "4.4.2.3 Client Certificate Selection",
                "4.4.2.4 Receiving a Certificate Message", "B.3.1.1 Version Extension", "B.3.1.2 Cookie Extension",
                "B.3.1.3 Signature Algorithm Extension", "B.3.1.4 Supported Groups Extension",
            ])
    }

    @Test func sectionsOf9110AreItsTableOfContents() throws {
        let contents = Self.tableOfContents(try Fixtures.raw(9110), start: /1\.  Introduction/)
        #expect(contents.count == 305)
        #expect(contents[1] == Pair("1.1", "Purpose"))
        #expect(contents.contains(Pair("8.8.3.3", "Example: Entity Tags Varying on Content-Negotiated Resources")))
        #expect(contents.last == Pair(nil, "Authors' Addresses"))
        let sections = try Fixtures.document(9110).sectionPairs
        let (extra, missing) = Self.unlisted(sections, contents: contents)
        #expect(missing == [])
        #expect(extra == [Pair(nil, "Abstract"), Pair(nil, "Status of This Memo"), Pair(nil, "Copyright Notice")])
    }

    /// RFC 1's contents have roman numerals and unnumbered subsections.
    @Test func sectionsOf1() throws {
        let sections = try Fixtures.document(1).sectionPairs
        #expect(sections.count == 20)
        #expect(
            sections.prefix(4) == [
                Pair(nil, "Introduction"), Pair("I", "A Summary of the IMP Software"), Pair(nil, "Messages"), Pair(nil, "Links"),
            ])
        #expect(
            sections.filter { $0.number != nil } == [
                Pair("I", "A Summary of the IMP Software"), Pair("II", "Some Requirements Upon the Host-to-Host Software"),
                Pair("III", "The Host Software"), Pair("IV", "Initial Experiments"),
            ])
        #expect(sections.last == Pair(nil, "Experiment Two"))
    }

    @Test func headingLevelsFollowTheNumbers() throws {
        let document = try Fixtures.document(8446)
        let headings = document.blocks.compactMap { block -> String? in
            if case .heading(let level, let number, _) = block { return "\(level):\(number ?? "-")" }
            return nil
        }
        #expect(headings.contains("1:1"))
        #expect(headings.contains("2:4.2"))
        #expect(headings.contains("4:4.2.11.3"))
        #expect(headings.contains("1:A"))
        #expect(headings.contains("2:B.1"))
        #expect(headings.contains("4:B.3.1.4"))
        #expect(headings.contains("1:-"))
        let rfc1 = try Fixtures.document(1).blocks.compactMap { block -> String? in
            if case .heading(let level, let number, let title) = block { return "\(level):\(number ?? "-"):\(title)" }
            return nil
        }
        #expect(rfc1.prefix(3) == ["1:-:Introduction", "1:I:A Summary of the IMP Software", "2:-:Messages"])
    }

    /// The contents are kept readable as one preformatted block, without leaders or page numbers,
    /// and make no headings of their own.
    @Test func tableOfContentsIsAPreformattedBlock() throws {
        let document = try Fixtures.document(793)
        let index = try #require(document.blocks.firstIndex(of: .paragraph([Inline("TABLE OF CONTENTS", style: .strong)])))
        guard case .preformatted(let contents, _) = document.blocks[index + 1] else {
            Issue.record("no contents block after the title")
            return
        }
        #expect(contents.hasPrefix("    PREFACE\n\n1.  INTRODUCTION\n\n  1.1  Motivation\n  1.2  Scope\n"))
        #expect(contents.hasSuffix("  3.9  Event Processing\n\nGLOSSARY\n\nREFERENCES"))
        #expect(!contents.contains(".."))
        let headingsBefore = document.blocks[..<index].filter { if case .heading = $0 { return true } else { return false } }
        #expect(headingsBefore.isEmpty)

        let rfc9110 = try Fixtures.document(9110)
        let contents9110 = try #require(rfc9110.preformattedTexts.first { $0.hasPrefix("1.  Introduction\n  1.1.  Purpose") })
        #expect(contents9110.contains("\n      8.8.3.3.  Example: Entity Tags Varying on Content-Negotiated\n              Resources\n"))
        #expect(contents9110.hasSuffix("\nAcknowledgements\nIndex\nAuthors' Addresses"))
    }
}
