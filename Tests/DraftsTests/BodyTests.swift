import ReaderPluginAPI
import Testing

@testable import Drafts

@Suite struct BodyTests {
    /// Read as an RFC is: the page furniture gone, the sections numbered and titled.
    @Test func pageFurnitureIsGoneAndSectionsAreFound() throws {
        let document = try Fixtures.document(Fixtures.linking07)
        let text = document.plainText
        #expect(!text.contains("[Page"))
        #expect(!text.contains("Expires January 19, 2018"))
        #expect(!text.contains("Internet-Draft                 Web Linking"))
        #expect(!text.contains("\u{0C}"))
        let sections = document.sectionLines
        #expect(sections.contains("1 Introduction"))
        #expect(sections.contains("2.1 Link Relation Types"))
        #expect(sections.contains("3 Link Serialisation in HTTP Headers"))
        #expect(sections.contains("A Notes on Other Link Serialisations"))
        #expect(sections.count >= 20)
        // Paragraphs reflowed: a sentence that ran over two lines is one line.
        #expect(text.contains("This specification defines a model for the relationships between resources on the Web (\"links\")"))
    }

    /// The name under the title is in the header, not again as the first paragraph.
    @Test func theNameUnderTheTitleIsNotAParagraph() throws {
        let document = try Fixtures.document(Fixtures.linking08)
        #expect(!document.blocks.prefix(8).contains { $0.plainText == "draft-nottingham-rfc5988bis-08" })
        #expect(document.extra["version"] == "08")
        #expect(document.title == "Web Linking")
    }
}
