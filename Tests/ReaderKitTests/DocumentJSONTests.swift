import DocumentJSON
import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport
@testable import ReaderWorkers

/// The direct JSON writer of documents reads back, through `Codable`, as the very document it
/// was given: for every document the corpus makes and for every shape of block. The direct
/// reader (`DocumentCodec.decode`) reads each as `JSONDecoder` does, whoever wrote the JSON.
@Suite struct DocumentJSONTests {
    static let corpus: [(type: String, file: String)] =
        [("rfc-index", "rfc/rfc-index.txt")]
        + ["rfc1", "rfc793", "rfc2616", "rfc3986", "rfc8446", "rfc9110"].map { ("rfc", "rfc/\($0).txt") }
        + [
            "archive_tweets.js", "archive_note_tweet.js", "v1_home_timeline.json", "v1_quote_tweet.json", "v1_retweet.json",
            "v1_search_emoji_html_escaped.json", "v2_search_recent.json", "v2_tweets_lookup_media.json",
        ].map { ("tweets", "twitter/\($0)") }
        + ["002", "bbc-1", "keep-tabular-data", "lemonde-1", "medium-1", "wikipedia-3"].map { ("html", "html/\($0)/source.html") }

    @Test(arguments: corpus)
    func everyCorpusDocumentReadsBackAsItself(type: String, file: String) async throws {
        let module = try #require(Registry(modules: builtinModules).module(for: type))
        let document = try module.parse(
            ParseInput(
                bytes: try Corpus.bytes(file), requestType: type, key: file, url: type == "html" ? "https://example.org/page" : nil))
        let written = DocumentCodec.encode(document)
        #expect(try JSONDecoder().decode(Document.self, from: Data(written)) == document)
        #expect(DocumentCodec.encode(document) == written)
        try expectBothReadersAgree(on: document)
    }

    /// What the direct writer and `JSONEncoder` (any key order, pretty or compact) write, the
    /// direct reader reads back as `JSONDecoder` does: as the document itself.
    func expectBothReadersAgree(on document: Document, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var texts = [DocumentCodec.encode(document)]
        for formatting: JSONEncoder.OutputFormatting in [
            [], [.sortedKeys], [.prettyPrinted], [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
        ] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            texts.append([UInt8](try encoder.encode(document)))
        }
        for text in texts {
            let reference = try JSONDecoder().decode(Document.self, from: Data(text))
            #expect(reference == document, sourceLocation: sourceLocation)
            #expect(try DocumentCodec.decode(text) == reference, sourceLocation: sourceLocation)
        }
        for entry in document.entries.prefix(50) {
            #expect(try DocumentCodec.decodeEntry(DocumentCodec.encode(entry)) == entry, sourceLocation: sourceLocation)
        }
    }

    @Test func everyShapeOfBlockAndEveryEscapeReadsBackAsItself() throws {
        let hostile =
            "quote \" backslash \\ slash / nul \u{0} bell \u{7} esc \u{1B}[31m tab \t cr \r lf \n del \u{7F} c1 \u{85} ls \u{2028} 🎶 é"
        let post = Post(
            id: "1", author: "a", authorName: nil, createdAt: "2026-11-21T00:00:00Z", text: hostile, media: ["https://m/1.jpg"],
            links: [Link(text: "t", url: "https://e/")],
            retweetOf: Post(id: "2", author: "b", authorName: "B", text: "original", quoted: Post(id: "3", author: "c", text: "q")))
        let blocks: [Block] = [
            .heading(level: 2, number: "3.2", title: hostile), .heading(level: 1, number: nil, title: "t"),
            .paragraph([Inline(hostile), Inline("code", style: .code), Inline("link", style: .strong, link: 0)]),
            .preformatted(hostile, language: nil), .preformatted("x", language: "swift"),
            .list(ordered: true, items: [[.text("a")], [.text("b"), .list(ordered: false, items: [])]]), .quote([.text("q"), .rule]),
            .table(rows: [["a", hostile], []], header: true), .table(rows: [], header: false),
            .image(alt: nil, url: nil), .image(alt: "alt", url: nil), .image(alt: nil, url: "u"), .image(alt: "a", url: "u"),
            // A picture's caption and stored blob, alone and with the others.
            .image(alt: nil, url: nil, caption: hostile, blob: nil), .image(alt: nil, url: nil, caption: nil, blob: "b"),
            .image(alt: "a", url: "u", caption: "c", blob: String(repeating: "0", count: 64)),
            .rule, .post(post),
        ]
        let entry = Entry(
            id: "793", title: hostile, authors: ["J. Postel"], date: nil, status: "INTERNET STANDARD", notices: [hostile],
            annotations: ["obsoletedBy": [9293]], fields: ["title": .string(hostile), "ratio": .number(0.25), "n": nil])
        let documents = [
            Document(source: "s", key: "k", title: hostile),
            Document(
                source: "s", key: hostile, title: "t",
                metadata: Metadata(byline: hostile, authors: ["a", "b"], date: "2026", siteName: "s", language: "en", url: "u"),
                blocks: blocks, links: [Link(text: hostile, url: "https://x/?a=1&b=\"2\"")], entries: [entry, Entry(id: "1", title: "")],
                notes: [hostile], describedBy: EntryReference(key: "rfc-index", id: "793"),
                extra: ["number": 793, "sections": [["number": "1", "title": .string(hostile)]], "none": nil]),
        ]
        for document in documents {
            #expect(try JSONDecoder().decode(Document.self, from: Data(DocumentCodec.encode(document))) == document)
            try expectBothReadersAgree(on: document)
            // Plain JSON to anyone else.
            #expect(try JSONSerialization.jsonObject(with: Data(DocumentCodec.encode(document))) is [String: Any])
        }
        #expect(try JSONDecoder().decode(Entry.self, from: Data(DocumentCodec.encode(entry))) == entry)
        #expect(try DocumentCodec.decodeEntry(DocumentCodec.encode(entry)) == entry)
    }
}
