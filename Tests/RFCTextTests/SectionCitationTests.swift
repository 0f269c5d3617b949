import Foundation
import ReaderPluginAPI
import Testing

@testable import RFCText

/// Citations to the section, as the 1,067 sample RFCs write them: `Section 15.4 of [HTTP]`,
/// `[RFC9110], Section 15.5`, `Section 3.2 of RFC 793` — a label resolved through the citing
/// RFC's own reference list.
@Suite struct SectionCitationTests {
    @Test func aLabelIsResolvedThroughTheReferenceList() throws {
        let bytes = Array(
            """
            Network Working Group                                          A. Person
            Request for Comments: 9999                                       Example
            Category: Standards Track                                     March 2024


                                  Citing Sections of HTTP

            1.  Introduction

               A server answers as Section 15.4 of [HTTP] says, and as [CACHING],
               Section 4 and [RFC9112], Section 6 say; see also [BCP14] and [1].

            2.  References

            [HTTP]     Fielding, R., Ed., "HTTP Semantics", STD 97, RFC 9110,
                       June 2022.

            [CACHING]  Fielding, R., Ed., "HTTP Caching", STD 98, RFC 9111, June 2022.

            [BCP14]    Bradner, S., "Key words", BCP 14, RFC 2119, March 1997.

                       Leiba, B., "Ambiguity", BCP 14, RFC 8174, May 2017.

            [1]        Postel, J., "Internet Protocol", RFC 791, September 1981.

            """.utf8)
        // Synthetic (an edge made by hand): every way of citing in one paragraph.
        let document = try RFCTextModule().parse(ParseInput(bytes: bytes, requestType: "rfc", key: "rfc/9999"))
        let cites = Set(
            document.relations.filter { $0.type == "cites" }.map { "\($0.target) §\($0.targetSection ?? "-") in \($0.section ?? "-")" })
        #expect(
            cites.isSuperset(of: ["rfc/9110 §15.4 in 1", "rfc/9111 §4 in 1", "rfc/9112 §6 in 1", "rfc/2119 §- in 1", "rfc/791 §- in 1"]),
            "\(cites)")
        // The reference list's own entries cite nothing from the references section by label.
        #expect(!cites.contains { $0.hasSuffix(" in 2") && !$0.contains("§-") }, "\(cites)")
    }

    /// Measured on every sample RFC: how many citations name a section of the cited RFC, by
    /// label and by number, and a sample of them to check by hand (the closing note's figure).
    @Test func sectionCitationsAcrossTheSampleRFCs() throws {
        let parsed = SampleCorpus.parsed
        try #require(parsed.count >= 1067)
        let all = parsed.flatMap { document in document.sectionCitations.map { (document.number, $0) } }
        let citing = Set(all.map(\.0)).count
        let byLabel = parsed.reduce(0) { $0 + $1.byLabel }
        print("section citations: \(all.count) in \(citing) of \(parsed.count) sample RFCs, \(byLabel) of them by a label")
        // A known one: RFC 9297 cites HTTP Semantics' section 16.7 as "Section 16.7 of [HTTP]".
        #expect(all.contains { $0.0 == 9297 && $0.1.target == "rfc/9110" && $0.1.targetSection == "16.7" })
        // RFC 1584 cites OSPF (RFC 1583) by section through its label [OSPF].
        #expect(all.contains { $0.0 == 1584 && $0.1.target == "rfc/1583" && $0.1.targetSection == "12.1" })
        #expect(all.count > 1000)
        // Every thirtieth, for the hand check.
        for (index, (number, relation)) in all.enumerated() where index % (all.count / 30) == 0 {
            print("check: RFC \(number) §\(relation.section ?? "-") cites \(relation.target) §\(relation.targetSection ?? "-")")
        }
    }
}
