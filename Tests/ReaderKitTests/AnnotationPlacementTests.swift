import ReaderBuiltins
import ReaderPluginAPI
import ReaderRendering
import ReaderTestSupport
import Testing

/// Where an annotation lands in the text it is about, on the real RFC 9110
/// (Tests/Corpus/rfc): its quote found through re-wrapping, other indentation, hyphens at
/// line ends and elisions; else its section; else the end.
@Suite struct AnnotationPlacementTests {
    static let rfc9110: Document = {
        let module = builtinModules.first { $0.descriptor.requestTypes.contains("rfc") }
        let bytes = (try? Corpus.bytes("rfc/rfc9110.txt")) ?? []
        let input = ParseInput(bytes: bytes, requestType: "rfc", key: "rfc/9110", mediaType: "text/plain")
        return (try? module?.parse(input)) ?? Document(source: "rfc", key: "rfc/9110", title: "")
    }()

    func place(quote: String?, section: String? = nil) -> PlacedAnnotation {
        let annotation = Annotation(id: "1", target: "rfc/9110", status: "verified", section: section, quote: quote)
        return AnnotationPlacement(Self.rfc9110).place(annotation, set: "errata")
    }

    @Test func aQuoteRewrappedAndReindentedIsFoundInItsSection() throws {
        try #require(Self.rfc9110.blocks.count > 100)
        // 15.4.9's first sentence, wrapped at another width with no indentation.
        let placed = place(
            quote:
                "The 308 (Permanent Redirect) status code indicates that\nthe target resource has been assigned a new permanent URI and any\n  future references",
            section: "1")
        #expect(placed.place == .text)
        #expect(placed.section == "15.4.9")
    }

    @Test func aQuoteWithAnElisionAndAHyphenatedLineEndIsFound() {
        let placed = place(
            quote:
                "In the fields defined by this document, charset names ap-\npear either ... for Accept-Encoding, in the form of\na plain token."
        )
        #expect(placed.place == .text)
        #expect(placed.section == "8.3.2")
    }

    /// A report's framing words ("Section 8.3.2 says:") are not the document's: the lines that
    /// are, most of the quote, place it; a line of the document amid more that are not, does not.
    @Test func theLinesFoundPlaceAQuoteOnlyWhenTheyAreMostOfIt() {
        let framed = place(
            quote:
                "Section 8.3.2 says:\n\n   In the fields defined by this document, charset names appear either\n   in parameters (Content-Type), or, for Accept-Encoding, in the form of"
        )
        #expect(framed.place == .text)
        #expect(framed.section == "8.3.2")
        let mostlyInvented = place(
            quote:
                "charset names appear either\nnone of these words stand anywhere in the document\nand neither do these, written for this test alone"
        )
        #expect(mostlyInvented.place == .end)
    }

    @Test func aQuoteNotInTheTextFallsBackToItsSectionThenTheEnd() {
        let bySection = place(quote: "Words that RFC 9110 never wrote anywhere at all.", section: "B.1.")
        #expect(bySection.place == .section)
        #expect(bySection.section == "B.1")
        #expect(place(quote: "Words that RFC 9110 never wrote anywhere at all.", section: "99.9").place == .end)
        // Too short to mean anything: not looked for.
        #expect(place(quote: "the", section: nil).place == .end)
        #expect(place(quote: nil, section: "GLOBAL").place == .end)
    }

    @Test func theFilterAndTheSummaryFollowTheDeclaredStatuses() {
        let set = AnnotationSet(
            key: "errata", name: "errata", singular: "Erratum",
            statuses: [
                AnnotationStatus(code: "verified", label: "verified", description: "verified", shown: true),
                AnnotationStatus(code: "held", label: "held", description: "held for document update", shown: true),
                AnnotationStatus(code: "rejected", label: "rejected", description: "rejected", shown: false),
            ])
        let placed = ["verified", "verified", "held", "rejected", "rejected", "rejected", "rejected", "rejected"].enumerated().map {
            PlacedAnnotation(
                annotation: Annotation(id: "\($0.offset)", target: "rfc/9110", status: $0.element), set: "errata", place: .end, block: nil,
                section: nil)
        }
        let annotations = PlacedAnnotations(set: set, annotations: placed)
        #expect(annotations.summary == "2 verified, 1 held, 5 rejected")
        #expect(annotations.visible(.shown).count == 3)
        #expect(annotations.visible(.all).count == 8)
        #expect(annotations.visible(.none).isEmpty)
        #expect(AnnotationLayout.summary([annotations], .shown) == ["Errata: 2 verified, 1 held, 5 rejected (5 not shown: --errata all)"])
    }
}
