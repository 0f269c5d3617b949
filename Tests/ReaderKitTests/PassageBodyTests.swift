import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderStore

/// A passage's body is made as UTF-8 bytes, block by block (`Block.appendPlainText`), and the
/// full-text index cuts its words from those bytes; `Block.plainText` and a passage's `body`
/// are made from them too. Each must say exactly what the strings said before (each block's
/// text, the texts joined): the index's words, a snippet's text and `reader find`'s phrase
/// checks all depend on it, and a stored index is not rebuilt for it.
@Suite struct PassageBodyTests {
    /// The text each block kind gave as strings, before the bytes: the reference.
    static func referenceText(_ block: Block) -> String? {
        switch block {
        case .heading(_, let number, let title):
            return number.map { "\($0) \(title)" } ?? title
        case .paragraph(let inlines):
            return inlines.map(\.text).joined()
        case .preformatted(let text, _):
            return text
        case .list(let ordered, let items):
            return items.enumerated().map { index, item in
                (ordered ? "\(index + 1). " : "- ") + item.compactMap(referenceText).joined(separator: "\n")
            }.joined(separator: "\n")
        case .quote(let blocks):
            return blocks.compactMap(referenceText).joined(separator: "\n\n")
        case .table(let rows, _):
            return rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")
        case .image(let alt, _, let caption, _):
            return Block.pictureDescription(alt: alt, caption: caption)
        case .rule:
            return nil
        case .post(let post):
            return post.text
        }
    }

    /// The bodies of a document's passages as they were made (a document without posts): the
    /// text of each block after its heading that has any, a blank line between; a passage with
    /// neither heading nor text is none.
    static func referenceBodies(_ document: Document) -> [String] {
        var bodies: [String] = []
        var start = 0
        let blocks = document.blocks
        while start < blocks.count {
            var end = start + 1
            while end < blocks.count && !Passage.ends(blocks[end]) { end += 1 }
            var rest = blocks[start..<end]
            var headed = false
            if case .heading? = rest.first {
                rest = rest.dropFirst()
                headed = true
            }
            let body = rest.compactMap { referenceText($0).flatMap { $0.isEmpty ? nil : $0 } }.joined(separator: "\n\n")
            if headed || !body.isEmpty { bodies.append(body) }
            start = end
        }
        return bodies
    }

    /// Synthetic (an edge of every kind, which no one real document has): lists ordered and
    /// not, with a rule and an empty paragraph inside; a quote; a table; pictures with and
    /// without words; blocks with no text between blocks with text.
    static let everyKind = Document(
        source: "synthetic", key: "synthetic/every-kind", title: "Every kind",
        blocks: [
            .paragraph([Inline("Before any heading.")]),
            .rule,
            .paragraph([Inline("")]),
            .heading(level: 1, number: "1", title: "Lists"),
            .list(
                ordered: true,
                items: [
                    [.paragraph([Inline("first "), Inline("RFC 793", link: 0), Inline(" item")])],
                    [.rule, .paragraph([Inline("")]), .paragraph([Inline("second")])],
                    [],
                ]),
            .list(ordered: false, items: [[.paragraph([Inline("dash")]), .rule, .preformatted("code\n  kept", language: nil)]]),
            .heading(level: 1, number: nil, title: "Quotes and tables"),
            .quote([.rule, .paragraph([Inline("quoted")]), .paragraph([Inline("")]), .heading(level: 2, number: "2.1", title: "inner")]),
            .table(rows: [["a", "b"], ["", "ü d"]], header: true),
            .image(alt: "a picture's words", url: nil),
            .image(alt: nil, url: "x.png"),
            .image(alt: "", url: nil, caption: "its caption"),
            .rule,
        ])

    @Test func everyBlockKindSaysWhatItsStringsSaid() throws {
        var blocks = Self.everyKind.blocks
        for case .list(_, let items) in blocks { blocks += items.flatMap { $0 } }
        for block in blocks {
            #expect(block.plainText == Self.referenceText(block), "\(block)")
        }
        let bodies = Passage.of(Self.everyKind).map(\.body)
        #expect(bodies == Self.referenceBodies(Self.everyKind))
        #expect(bodies.count == 3)
        #expect(bodies[1] == "1. first RFC 793 item\n2. \nsecond\n3. \n\n- dash\ncode\n  kept")
        #expect(bodies[2] == "quoted\n\n\n\n2.1 inner\n\na\tb\n\tü d\n\na picture's words\n\nits caption")
    }

    /// The real RFCs of the corpus, parsed as a fetch parses them: every passage's body, as a
    /// string and as the bytes the index cuts, is what the strings made.
    @Test(arguments: ["rfc/rfc793.txt", "rfc/rfc2616.txt", "rfc/rfc8446.txt", "rfc/rfc9110.txt", "rfc/rfc1.txt"])
    func realRFCsPassagesAreUnchanged(_ path: String) throws {
        let module = try #require(builtinModules.first { $0.descriptor.name == "rfc-text" })
        let document = try module.parse(ParseInput(bytes: try Corpus.bytes(path), requestType: "rfc", key: path, url: nil))
        let reference = Self.referenceBodies(document)
        var bytes: [[UInt8]] = []
        Passage.forEachBody(in: document) { _, body in bytes.append(body) }
        let bodies = Passage.of(document).map(\.body)
        #expect(bodies.count > 10)
        #expect(bodies == reference)
        #expect(bytes == reference.map { Array($0.utf8) })
        for block in document.blocks { #expect(block.plainText == Self.referenceText(block)) }
    }
}
