import ReaderPluginAPI
import Testing

@testable import ReaderCatalog
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// Issue 27, item 8: the text view's link marks cannot be taken for an RFC's own bracketed
/// citations, and the links are numbered from 1 however many the text does not show.
@Suite struct LinkMarkTests {
    func render(_ document: Document) -> String {
        TextRenderer(options: RenderOptions(width: 72, styled: false), document: document).render(OpenedDocument(document: document))
    }

    @Test func marksAreBracesNumberedFromOne() {
        // RFC 793's reference list: `[2] Postel, J., "Internet Protocol - DARPA…", RFC 791`;
        // its first link (RFC 761, in a figure) is not shown in a paragraph.
        let document = Document(
            source: "rfc", key: "rfc/793", title: "Transmission Control Protocol",
            blocks: [
                .preformatted("see RFC 761", language: nil),
                .paragraph([Inline("[2]  Postel, J., \"Internet Protocol\", "), Inline("RFC 791", link: 1), Inline(".")]),
            ],
            links: [
                Link(text: "RFC 761", url: "https://www.rfc-editor.org/rfc/rfc761"),
                Link(text: "RFC 791", url: "https://www.rfc-editor.org/rfc/rfc791"),
            ]
        )
        let text = render(document)
        #expect(text.contains("[2] Postel, J., \"Internet Protocol\", RFC 791{1}."))
        #expect(!text.contains("RFC 791[2]"))
        #expect(text.contains("References\n {1} https://www.rfc-editor.org/rfc/rfc791\n"))
        #expect(!text.contains("rfc761\n"))
    }
}
