import ReaderPluginAPI
import Testing

@testable import RFCText

@Suite struct BlockTests {
    /// 793's TCP header diagram, its caption and note: one block, as written less 3 columns.
    @Test func tcpHeaderDiagramIsOneVerbatimBlock() throws {
        let raw = try Fixtures.raw(793).split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(raw.firstIndex { $0.hasPrefix("    0                   1                   2                   3") })
        let last = try #require(raw[first...].firstIndex { $0.hasSuffix("Figure 3.") })
        let expected = raw[first...last].map { line in
            String(line.dropFirst(3).reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
        #expect(expected.split(separator: "\n").count == 22)

        let blocks = try Fixtures.document(793).preformattedTexts.filter { $0.contains("Acknowledgment Number") }
        #expect(blocks == [expected])
        #expect(expected.hasPrefix(" 0                   1                   2                   3\n 0 1 2 3 4 5 6 7 8 9 0 1"))
        #expect(
            expected.hasSuffix(
                "|                             data                              |\n+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n\n                         TCP Header Format\n\n       Note that one tick mark represents one bit position.\n\n                            Figure 3."
            ))
    }

    /// A drawing, its legend (indented under it) and its caption stay together.
    @Test func figureLegendAndCaptionStayWithTheDrawing() throws {
        let figure = try #require(
            try Fixtures.document(8446).preformattedTexts.first { $0.contains("Figure 1: Message Flow for Full TLS Handshake") })
        #expect(
            figure.hasPrefix("       Client                                           Server\n\nKey  ^ ClientHello\nExch | + key_share*\n"))
        #expect(
            figure.contains("\n              +  Indicates noteworthy extensions sent in the\n                 previously noted message.\n"))
        #expect(figure.hasSuffix("\n\n               Figure 1: Message Flow for Full TLS Handshake"))
    }

    @Test func paragraphsAreReflowedWithoutIndentation() throws {
        let paragraphs = try Fixtures.document(9110).paragraphTexts
        #expect(
            paragraphs.contains(
                "The Hypertext Transfer Protocol (HTTP) is a stateless application-level protocol for distributed, "
                    + "collaborative, hypertext information systems. This document describes the overall architecture of "
                    + "HTTP, establishes common terminology, and defines aspects of the protocol that are shared by all "
                    + "versions. In this definition are core protocol elements, extensibility mechanisms, and the \"http\" "
                    + "and \"https\" Uniform Resource Identifier (URI) schemes."))
        #expect(paragraphs.allSatisfy { !$0.hasPrefix(" ") && !$0.contains("\n") && !$0.contains("  ") })
    }

    @Test func bulletedListsAreLists() throws {
        let document = try Fixtures.document(8446)
        let lists = document.allBlocks.compactMap { block -> [[Block]]? in
            if case .list(false, let items) = block { return items }
            return nil
        }
        let differences = try #require(
            lists.first { $0.first?.first?.plainText?.hasPrefix("The list of supported symmetric encryption") == true })
        #expect(differences.count == 11)
        #expect(
            differences.last?.first?.plainText
                == "References have been updated to point to the updated versions of RFCs, as appropriate (e.g., RFC 5280 rather than RFC 3280)."
        )
    }

    @Test func numberedListsAreOrdered() throws {
        let document = try Fixtures.document(1)
        let ordered = document.allBlocks.compactMap { block -> [[Block]]? in
            if case .list(true, let items) = block { return items }
            return nil
        }
        let questions = try #require(ordered.first)
        #expect(
            questions.map { $0.first?.plainText } == [
                "An 8 bit field is provided for link specification, but only 32 links are provided, why?",
                "The HOST is supposed to be able to send messages to its IMP. How does it do this?",
                "Can a HOST, as opposed to its IMP, control RFNMs?",
                "Will the IMPs perform code conversion? How is it to be controlled?",
            ])
    }

    /// v3 asides (`|` at the start of each line) are quotes.
    @Test func asidesAreQuotes() throws {
        let document = try Fixtures.document(9110)
        let quotes = document.allBlocks.compactMap { block -> [Block]? in
            if case .quote(let inner) = block { return inner }
            return nil
        }
        // As many as the runs of `|` lines that are not table rows.
        #expect(quotes.count == 31)
        #expect(
            quotes.first?.first?.plainText
                == "*Note:* The fragment identifier component is not part of the scheme definition for a URI scheme (see Section 4.3 of [URI]), thus does not appear in the ABNF definitions for the \"http\" and \"https\" URI schemes above."
        )
    }

    /// ABNF, code and tables keep their lines; a rule alone on its line too.
    @Test func grammarAndCodeAreVerbatim() throws {
        let document = try Fixtures.document(3986)
        let abnf = try #require(document.preformattedTexts.first { $0.hasPrefix("URI           = scheme \":\" hier-part") })
        #expect(
            abnf.contains(
                "\n\nrelative-part = \"//\" authority path-abempty\n              / path-absolute\n              / path-noscheme\n              / path-empty\n"
            ))
        let tls = try Fixtures.document(8446).preformattedTexts
        #expect(tls.contains("struct {\n    T1 f1;\n    T2 f2;\n    ...\n    Tn fn;\n} T;"))
        #expect(
            try Fixtures.document(2616).preformattedTexts.contains(
                "http_URL = \"http:\" \"//\" host [ \":\" port ] [ abs_path [ \"?\" query ]]"))
    }

    /// Addresses keep their lines.
    @Test func addressesAreVerbatim() throws {
        let addresses = try #require(try Fixtures.document(9110).preformattedTexts.first { $0.hasPrefix("Roy T. Fielding (editor)") })
        #expect(addresses.hasPrefix("Roy T. Fielding (editor)\nAdobe\n345 Park Ave\nSan Jose, CA 95110\nUnited States of America\n"))
        #expect(addresses.contains("Julian Reschke (editor)\ngreenbytes GmbH\nHafenweg 16\n48155 Münster\nGermany"))
    }

    /// The glossary of 793: each term in bold, its explanation a paragraph.
    @Test func glossaryTermsAndExplanations() throws {
        let blocks = try Fixtures.document(793).allBlocks
        let ack = try #require(blocks.firstIndex(of: .paragraph([Inline("ACK", style: .strong)])))
        #expect(
            blocks[ack + 1]
                == .text(
                    "A control bit (acknowledge) occupying no sequence space, which indicates that the acknowledgment field of this segment specifies the next sequence number the sender of this segment is expecting to receive, hence acknowledging receipt of all previous sequence numbers."
                ))
    }

    /// The header block stays at the top, as written.
    @Test func headerBlockIsKept() throws {
        let document = try Fixtures.document(8446)
        #expect(
            document.blocks.first
                == .preformatted(
                    """
                    Internet Engineering Task Force (IETF)                       E. Rescorla
                    Request for Comments: 8446                                       Mozilla
                    Obsoletes: 5077, 5246, 6961                                  August 2018
                    Updates: 5705, 6066
                    Category: Standards Track
                    ISSN: 2070-1721
                    """, language: nil))
        #expect(document.blocks[1] == .heading(level: 1, number: nil, title: "Abstract"))
    }
}
