import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Errata

/// `errata.json` as the RFC Editor serves it (Tests/Corpus/errata: 96 real reports), and as
/// it comes damaged: refused whole when it is no JSON array, a report skipped and counted
/// when a field is of the wrong type or absurdly long.
@Suite struct ErrataFileTests {
    static func parse(_ bytes: [UInt8]) throws -> Document {
        try ErrataModule().parse(ParseInput(bytes: bytes, requestType: "errata", key: "errata", mediaType: "application/json"))
    }

    @Test func everyRealReportBecomesAnAnnotationOfItsRFC() throws {
        let document = try Self.parse(try Corpus.bytes("errata/errata.json"))
        #expect(document.key == "errata")
        #expect(document.annotations.count == 96)
        #expect(document.notes.isEmpty, "\(document.notes)")
        let statuses = Dictionary(grouping: document.annotations, by: \.status).mapValues(\.count)
        #expect(statuses == ["verified": 31, "held": 31, "rejected": 34])
        let report = try #require(document.annotations.first { $0.id == "7105" })
        #expect(report.target == "rfc/9110")
        #expect(report.section == "B.1")
        #expect(report.kind == "editorial")
        // `\r\n` line ends as `\n`, the quote's layout kept.
        #expect(report.quote == "B.1.  Changes from RFC 2818\n\n   None.")
        #expect(report.replacement?.contains("The use of CN-ID has been deprecated.") == true)
        #expect(document.relations.contains(Relation(.annotates, target: "rfc/9110", section: "7105", targetSection: "B.1")))
        // A section per report, for `find` and `open errata --section 7105`.
        #expect(
            document.blocks.contains(
                .heading(level: 2, number: "7105", title: "Erratum 7105 on RFC 9110, section B.1. (verified, editorial)")))
    }

    @Test func entitiesAreDecodedAndSectionsReadFromFreeText() throws {
        let json = #"""
            [{"errata_id": 12, "doc-id": "RFC0793", "errata_status_code": "Held for Document Update",
              "errata_type_code": "Technical", "section": "Appendix A",
              "orig_text": "a &quot;quoted&quot; &lt;tag&gt; &#233;t&#xE9;", "correct_text": null, "notes": null},
             {"errata_id": "13", "doc-id": "RFC793", "errata_status_code": " verified ", "errata_type_code": "Editorial",
              "section": "Section 3.2 and 4.1", "orig_text": "x"},
             {"errata_id": "14", "doc-id": "RFC793", "errata_status_code": "Reported", "errata_type_code": "Editorial",
              "section": "GLOBAL", "orig_text": "&ncname; stays"}]
            """#
        let document = try Self.parse(Array(json.utf8))
        let byID = Dictionary(uniqueKeysWithValues: document.annotations.map { ($0.id, $0) })
        #expect(byID["12"]?.quote == "a \"quoted\" <tag> été")
        #expect(byID["12"]?.status == "held")
        #expect(byID["12"]?.section == "A")
        #expect(byID["12"]?.target == "rfc/793")
        #expect(byID["13"]?.status == "verified")
        #expect(byID["13"]?.section == "3.2")
        #expect(byID["14"]?.section == nil)
        #expect(byID["14"]?.quote == "&ncname; stays")
    }

    @Test func aTruncatedOrMalformedFileIsRefusedWhole() throws {
        let whole = try Corpus.bytes("errata/errata.json")
        for broken in [Array(whole.prefix(whole.count / 2)), Array("{\"errata_id\": \"1\"}".utf8), Array("<html>".utf8)] {
            #expect(throws: ParseError.self) { try Self.parse(broken) }
        }
        do {
            _ = try Self.parse(Array(whole.prefix(1000)))
        } catch let error as ParseError {
            #expect(error.reason.contains("malformed or truncated"), "\(error)")
        }
    }

    @Test func unreadableReportsAreSkippedAndCounted() throws {
        let huge = String(repeating: "x", count: 1_048_576)
        let json = """
            [{"errata_id": "1", "doc-id": null, "errata_status_code": "Verified", "orig_text": "a"},
             {"errata_id": "2", "doc-id": "RFC9110", "errata_status_code": "Verified", "orig_text": 42},
             {"errata_id": "3", "doc-id": "RFC9110", "errata_status_code": "Verified", "notes": "\(huge)"},
             {"errata_id": "4", "doc-id": "RFC9110", "errata_status_code": "Pending forever"},
             {"errata_id": "5", "doc-id": "RFC9110", "errata_status_code": "Verified", "orig_text": "kept"},
             7]
            """
        let document = try Self.parse(Array(json.utf8))
        #expect(document.annotations.map(\.id) == ["5"])
        #expect(
            document.notes == [
                "skipped 5 reports: 1 without an RFC in doc-id, 1 with orig_text not a string, 1 with notes longer than 100000 characters, 1 with an unknown status, 1 not a JSON object"
            ])
    }
}
