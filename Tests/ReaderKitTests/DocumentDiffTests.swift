import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderKit
@testable import ReaderRendering

/// `reader diff`'s comparison: sections paired by number and title, then by their words; what
/// came, went, moved or changed; the words of a changed section.
@Suite struct DocumentDiffTests {
    /// Synthetic (an edge made by hand): a document of titled sections, each a paragraph.
    static func document(_ key: String, _ sections: [(String?, String, String)]) -> Document {
        var blocks: [Block] = [.text("Preamble of every version.")]
        for (number, title, text) in sections {
            blocks.append(.heading(level: 1, number: number, title: title))
            blocks.append(.text(text))
        }
        return Document(source: "test", key: key, title: key, blocks: blocks)
    }

    @Test func sectionsAddedRemovedMovedAndChangedAreNamedWhereTheyStand() throws {
        let a = Self.document(
            "a",
            [
                ("1", "Introduction", "This protocol moves bytes."), ("2", "Terminology", "A sender sends and a receiver receives."),
                ("3", "Security Considerations", "None known."), ("4", "IANA Considerations", "No actions."),
                ("5", "Old Appendix", "Gone next time."),
            ])
        let b = Self.document(
            "b",
            [
                ("1", "Introduction", "This protocol moves bytes."), ("2", "Terminology", "A sender sends and a receiver listens."),
                ("3", "Framing", "Frames carry the bytes."), ("4", "IANA Considerations", "No actions."),
                ("5", "Security Considerations", "None known."),
            ])
        let diff = DocumentDiff(a: a, b: b)
        let changes = diff.parts.map { "\($0.change.rawValue) \($0.a?.title ?? "-") \($0.b?.title ?? "-")" }
        #expect(
            changes == [
                "same  ", "same Introduction Introduction", "changed Terminology Terminology", "added - Framing",
                // IANA kept its place among the others; Security went after it: moved (and renumbered).
                "same IANA Considerations IANA Considerations", "moved Security Considerations Security Considerations",
                "removed Old Appendix -",
            ], "\(changes)")
        let terminology = try #require(diff.parts.first { $0.change == .changed })
        #expect(terminology.added == 1 && terminology.removed == 1)
        #expect(terminology.runs.contains(WordDiff.Run(kind: .removed, text: "receives.")))
        #expect(terminology.runs.contains(WordDiff.Run(kind: .added, text: "listens.")))
        #expect(diff.count(.added) == 1 && diff.count(.removed) == 1 && diff.count(.moved) == 1)
    }

    @Test func aSectionRenumberedOrRetitledIsStillTheSameSection() {
        let a = Self.document("a", [("2", "Terminology", "Words mean things here."), ("3", "Security", "Consider it.")])
        let b = Self.document(
            "b",
            [
                ("2", "Conventions", "Capitals are keywords."), ("3", "Terms", "Words mean things here."),
                ("4", "Security", "Consider it."),
            ])
        let diff = DocumentDiff(a: a, b: b)
        // Renumbered and retitled, paired by its words; a renumbered section alone is the same.
        let retitled = diff.parts.first { $0.b?.title == "Terms" }
        #expect(retitled?.a?.title == "Terminology" && retitled?.change == .changed)
        #expect(
            diff.parts.first { $0.b?.title == "Security" }.map { ($0.change, $0.a?.number, $0.b?.number) } ?? (.added, nil, nil) == (
                .same, "3", "4"
            ))
        #expect(diff.parts.first { $0.b?.title == "Conventions" }?.change == .added)
    }

    @Test func aDocumentAgainstItselfHasNoDifference() throws {
        let text = try Self.parse("rfc/rfc793.txt")
        let diff = DocumentDiff(a: text, b: text)
        #expect(diff.parts.count > 25)
        #expect(diff.parts.allSatisfy { $0.change == .same && $0.added == 0 && $0.removed == 0 })
    }

    /// Real documents: HTTP/1.1 (RFC 2616) and the RFC that obsoletes it, HTTP Semantics (RFC
    /// 9110), as a person reading what changed would look at them.
    @Test func http11AgainstHTTPSemantics() throws {
        let diff = DocumentDiff(a: try Self.parse("rfc/rfc2616.txt"), b: try Self.parse("rfc/rfc9110.txt"))
        func part(_ title: String) -> DocumentDiff.Part? { diff.parts.first { $0.a?.title == title || $0.b?.title == title } }
        // The same section on both sides, rewritten.
        #expect(part("Purpose")?.change == .changed)
        #expect(part("Purpose").map { ($0.a?.number, $0.b?.number) } ?? (nil, nil) == ("1.1", "1.1"))
        // New in 9110, and gone from 2616.
        #expect(part("History and Evolution")?.change == .added)
        #expect(
            diff.parts.contains {
                $0.change == .removed && $0.a?.title.contains("Compatibility with HTTP/1.0 Persistent Connections") == true
            })
        // Every section of each side is in the diff once.
        #expect(diff.parts.compactMap(\.a).count == DiffSection.sections(of: try Self.parse("rfc/rfc2616.txt")).count)
        #expect(diff.parts.compactMap(\.b).count == DiffSection.sections(of: try Self.parse("rfc/rfc9110.txt")).count)
        // A changed section says its words, removed and added, with context around them.
        let purpose = try #require(part("Purpose"))
        #expect(purpose.runs.contains { $0.kind == .removed } && purpose.runs.contains { $0.kind == .added })
        #expect(purpose.runs.contains { $0.kind == .same })
    }

    static func parse(_ path: String) throws -> Document {
        let module = try #require(builtinModules.first { $0.descriptor.requestTypes.contains("rfc") })
        return try module.parse(ParseInput(bytes: try Corpus.bytes(path), requestType: "rfc", key: path, url: nil))
    }
}
