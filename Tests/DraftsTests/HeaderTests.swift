import ReaderPluginAPI
import Testing

@testable import Drafts

@Suite struct HeaderTests {
    /// What the first page of Web Linking -07 says, as the JSON keys of the contract give it.
    @Test func aDraftsHeaderIsReadIntoTheContractsKeys() throws {
        let document = try Fixtures.document(Fixtures.linking07)
        #expect(document.source == "draft")
        #expect(document.key == "draft-nottingham-rfc5988bis-07")
        #expect(document.title == "Web Linking")
        #expect(document.extra["name"] == "draft-nottingham-rfc5988bis")
        #expect(document.extra["version"] == "07")
        #expect(document.extra["intendedStatus"] == "Standards Track")
        #expect(document.extra["expires"] == "2018-01-19")
        #expect(document.metadata.date == "2017-07-18")
        #expect(document.metadata.authors == ["M. Nottingham"])
        #expect(document.extra["obsoletes"] == [5988])
        #expect(document.label == "draft-nottingham-rfc5988bis-07")
        #expect(document.status == "Internet-Draft, intended Standards Track · July 18, 2017 · expires January 19, 2018")
        #expect(document.notes.isEmpty)
    }

    /// A header that starts with a working group's name (`httpbis`), not `Network Working Group`.
    @Test func aHeaderStartingWithAWorkingGroupIsRead() throws {
        let document = try Fixtures.document(Fixtures.teapot)
        #expect(document.title == "Reserving the 418 HTTP Status Code")
        #expect(document.extra["version"] == "00")
        #expect(document.extra["intendedStatus"] == "Standards Track")
        #expect(document.extra["expires"] == "2018-03-26")
        #expect(document.metadata.date == "2017-09-22")
    }

    /// `Obsoletes: 5988 (if approved)` is a relation to RFC 5988; each RFC it cites is one too.
    @Test func theHeadersRelationsAndTheCitationsAreRelations() throws {
        let document = try Fixtures.document(Fixtures.linking07)
        #expect(document.targets("obsoletes") == ["rfc/5988"])
        let cited = document.targets("cites")
        #expect(cited.isSuperset(of: ["rfc/2119", "rfc/3986", "rfc/7230", "rfc/5988"]))
        // Its own name is no citation.
        #expect(!cited.contains { $0.hasPrefix("draft-nottingham-rfc5988bis") })
        // Where a citation is made: a section of the draft.
        #expect(document.relations.contains { $0.type == "cites" && $0.target == "rfc/3986" && $0.section != nil })
    }

    /// `Replaces:` and `Updates:` on the left of the header, continued on the next line.
    @Test func replacesAndUpdatesAreRead() throws {
        let text = """
            Network Working Group                                         A. Author
            Internet-Draft                                             Example Inc.
            Updates: 7230, 7231 (if approved)                          June 3, 2021
            Replaces: draft-author-old-thing
            Intended status: Informational
            Expires: December 5, 2021


                                  An Example Thing
                                draft-example-thing-02

            Abstract

               This names draft-other-work-item-05 and RFC 9110.

            1.  Introduction

               See draft-other-unversioned-item for more.

            """
        let document = try Fixtures.parse(text, key: "draft-example-thing-02")
        #expect(document.targets("updates") == ["rfc/7230", "rfc/7231"])
        #expect(document.targets("replaces") == ["draft-author-old-thing"])
        #expect(document.targets("cites").isSuperset(of: ["draft-other-work-item-05", "draft-other-unversioned-item", "rfc/9110"]))
        #expect(document.relations.contains { $0.target == "draft-other-unversioned-item" && $0.section == "1" })
        #expect(document.extra["intendedStatus"] == "Informational")
        #expect(document.extra["expires"] == "2021-12-05")
        #expect(document.title == "An Example Thing")
    }
}
