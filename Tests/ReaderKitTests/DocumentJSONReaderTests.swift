import DocumentJSON
import Foundation
import ReaderBuiltins
import ReaderJSON
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

/// The direct reader of stored documents (`DocumentCodec.decode`) against `JSONDecoder`, which
/// it replaces: the same document from the same bytes, and an error whenever `JSONDecoder`
/// has one — on hand-written edge cases and on thousands of damaged documents.
@Suite struct DocumentJSONReaderTests {
    static let minimal =
        #"{"blocks":[],"entries":[],"extra":{},"key":"k","links":[],"metadata":{"authors":[]},"notes":[],"source":"s","title":"t"}"#

    /// `minimal` with `member` (`"key":value`, or several) put first: a repeated key's first
    /// occurrence is this one.
    static func document(_ member: String) -> [UInt8] {
        Array(("{" + member + "," + minimal.dropFirst()).utf8)
    }

    static func block(_ block: String) -> [UInt8] { document(#""blocks":[\#(block)]"#) }

    func reference(_ bytes: [UInt8]) -> Document? { try? JSONDecoder().decode(Document.self, from: Data(bytes)) }

    @Test func escapesKeyOrderWhiteSpaceAndAbsentKeysReadAsJSONDecoderReadsThem() throws {
        let text =
            "\u{FEFF}" + """
                 { "title" : "t\\u00e9\\u00C9\\ud83c\\udfb6\\/\\b\\f\\n\\r\\t\\"\\\\\\u0000 ✓",
                  "source":"s", "s\\u006fme unknown key": [1, {"x": null}, "\\x \\ud800"], "key": "k",
                  "metadata": {"authors": ["A", "B"], "byline": null, "url": "u",},
                  "notes": [], "links": [{"url": "https://e/", "text": "e"}], "entries": [],
                  "extra": {"n": -1.5e3, "z": -0, "s": "\\u00e9", "a": [true, false, null], "o": {"k": {}}},
                  "describedBy": null, "title": "ignored, as the second \\"title\\"",
                  "blocks": [
                    {"heading": {"title": "H", "level": 2.0}},
                    {"paragraph": {"_0": [{"text": "a", "style": "code", "link": null}, {"link": 0, "style": "plain", "text": "b"}]}},
                    {"rule": {"whatever": [1, 2]}, "unknown": 1},
                    {"image": {"alt": null}},
                    {"post": {"_0": {"id": "1", "author": "a", "text": "x", "media": [], "links": [],
                      "reposted": [], "quotedPosts": [{"id": "2", "author": "b", "text": "q", "media": [], "links": [],
                      "reposted": [], "quotedPosts": []}]}}}
                  ]
                }\t\r\n
                """
        let bytes = Array(text.utf8)
        let document = try DocumentCodec.decode(bytes)
        #expect(document == reference(bytes))
        #expect(document.title == "téÉ🎶/\u{8}\u{C}\n\r\t\"\\\u{0} ✓")
        #expect(document.metadata == Metadata(byline: nil, authors: ["A", "B"], url: "u"))
        #expect(document.extra == ["n": .number(-1500), "z": 0, "s": "é", "a": [true, false, nil], "o": ["k": .object([:])]])
        #expect(
            document.blocks == [
                .heading(level: 2, number: nil, title: "H"),
                .paragraph([Inline("a", style: .code), Inline("b", link: 0)]), .rule, .image(alt: nil, url: nil),
                .post(Post(id: "1", author: "a", text: "x", quoted: Post(id: "2", author: "b", text: "q"))),
            ])
    }

    /// Each case: the bytes, and whether `JSONDecoder` (measured on this platform) reads them.
    static let edgeCases: [(what: String, bytes: [UInt8], accepted: Bool)] = [
        ("a lone high surrogate", document(#""title":"\ud800""#), false),
        ("a high surrogate before a non-surrogate", document(#""title":"\ud800\u0041""#), false),
        ("a lone low surrogate", document(#""title":"\udc00""#), false),
        ("a short \\u escape", document(#""title":"\u00e""#), false),
        ("an unknown escape", document(#""title":"\x""#), false),
        ("a raw control character", document("\"title\":\"a\u{1}\""), false),
        ("a raw DEL", document("\"title\":\"a\u{7F}\""), true),
        ("invalid UTF-8", Array(#"{"title":"a"#.utf8) + [0xFF] + Array(#"","#.utf8) + minimal.utf8.dropFirst(), false),
        ("an overlong NUL", Array(#"{"title":""#.utf8) + [0xC0, 0x80] + Array(#"","#.utf8) + minimal.utf8.dropFirst(), false),
        ("a UTF-8 surrogate", Array(#"{"title":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"","#.utf8) + minimal.utf8.dropFirst(), false),
        ("invalid UTF-8 before an escape", Array(#"{"title":"a"#.utf8) + [0x92] + Array(#"\n","#.utf8) + minimal.utf8.dropFirst(), false),
        ("invalid UTF-8 after an escape", Array(#"{"title":"\n"#.utf8) + [0x92] + Array(#"","#.utf8) + minimal.utf8.dropFirst(), false),
        ("invalid UTF-8 in an unknown key's value", Array(#"{"zz":""#.utf8) + [0xFF] + Array(#"","#.utf8) + minimal.utf8.dropFirst(), true),
        ("invalid UTF-8 in an unknown key", Array(#"{"z"#.utf8) + [0xFF] + Array(#"":1,"#.utf8) + minimal.utf8.dropFirst(), false),
        ("bad escapes in an unknown key's value", document(#""zz":["\x","\ud800",{"\x":1}]"#), true),
        ("a bad escape in an unknown key", document(#""z\x":1"#), false),
        ("a loose number in an unknown key's value", document(#""zz":[-+-,1e5e5,01,1.]"#), true),
        ("a letter in an unknown key's number", document(#""zz":1x"#), false),
        ("a bad literal in an unknown key's value", document(#""zz":tru"#), false),
        ("a short \\u escape in an unknown key's value", document(#""zz":"\u12""#), false),
        ("a repeated key with another type", document(#""title":"first","title":5"#), true),
        (
            "trailing commas",
            Array(
                #"{"blocks":[{"rule":{},},],"entries":[],"extra":{"a":[1,],},"key":"k","links":[],"metadata":{"authors":["a",]},"notes":[],"source":"s","title":"t",}"#
                    .utf8), true
        ),
        ("a lone comma in an array", document(#""zz":[,]"#), false),
        ("two commas", document(#""zz":[1,,2]"#), false),
        ("a byte order mark", [0xEF, 0xBB, 0xBF] + Array(minimal.utf8), true),
        ("a form feed as white space", Array(("\u{C}" + minimal).utf8), false),
        ("a NUL after the end", Array((minimal + "\u{0}").utf8), false),
        ("a second value after the end", Array((minimal + " {}").utf8), false),
        ("an array at the top", Array("[\(minimal)]".utf8), false),
        ("an empty text", [], false),
        ("numbers of every form in extra", document(#""extra":{"a":1.5e3,"b":-0,"c":1E-2,"d":4.9e-324,"e":1.7976931348623157e308}"#), true),
        ("a leading zero in extra", document(#""extra":{"a":01}"#), false),
        ("an overflowing number in extra", document(#""extra":{"a":1e400}"#), false),
        ("an underflowing number in extra", document(#""extra":{"a":1e-400}"#), false),
        ("a number without a fraction's digits", document(#""extra":{"a":1.}"#), false),
        ("a repeated key in extra", document(#""extra":{"a":1,"a":"\x"}"#), true),
        ("a heading level of 2.0", block(#"{"heading":{"level":2.0,"title":"t"}}"#), true),
        ("a heading level of 1e1", block(#"{"heading":{"level":1e1,"title":"t"}}"#), true),
        ("a heading level of 2.5", block(#"{"heading":{"level":2.5,"title":"t"}}"#), false),
        ("a heading level as text", block(#"{"heading":{"level":"2","title":"t"}}"#), false),
        ("a heading level past Int", block(#"{"heading":{"level":9223372036854775808,"title":"t"}}"#), false),
        ("the smallest Int", block(#"{"heading":{"level":-9223372036854775808,"title":"t"}}"#), true),
        ("a heading number of null", block(#"{"heading":{"level":1,"number":null,"title":"t"}}"#), true),
        ("a heading title of null", block(#"{"heading":{"level":1,"title":null}}"#), false),
        ("an unknown style", block(#"{"paragraph":{"_0":[{"text":"a","style":"bold"}]}}"#), false),
        ("a block of two kinds", block(#"{"rule":{},"quote":{"_0":[]}}"#), false),
        ("a block of one kind twice", block(#"{"rule":{},"rule":5}"#), true),
        ("a block of no kind", block(#"{}"#), false),
        ("a block of an unknown kind", block(#"{"video":{}}"#), false),
        ("a rule of null", block(#"{"rule":null}"#), false),
        ("a rule with members", block(#"{"rule":{"a":[1]}}"#), true),
        ("a rule with a bad escape in a key", block(#"{"rule":{"\x":1}}"#), false),
        ("a list without items", block(#"{"list":{"ordered":true}}"#), false),
        ("a table row of numbers", block(#"{"table":{"header":true,"rows":[[1]]}}"#), false),
        (
            "a post that reposts two",
            block(
                #"{"post":{"_0":{"id":"1","author":"a","text":"t","media":[],"links":[],"quotedPosts":[],"reposted":[{"id":"2","author":"b","text":"u","media":[],"links":[],"quotedPosts":[],"reposted":[]},{"id":"3","author":"c","text":"v","media":[],"links":[],"quotedPosts":[],"reposted":[]}]}}}"#
            ), true
        ),
        (
            "a post without its text",
            block(#"{"post":{"_0":{"id":"1","author":"a","media":[],"links":[],"quotedPosts":[],"reposted":[]}}}"#), false
        ),
        ("metadata without authors", document(#""metadata":{"byline":"b"}"#), false),
        ("metadata authors of null", document(#""metadata":{"authors":null}"#), false),
        ("describedBy without its id", document(#""describedBy":{"key":"k"}"#), false),
        (
            "an entry",
            document(
                #""entries":[{"annotations":"{}","authors":[],"fields":"{\"a\":[1]}","id":"1","notices":[],"title":"t","date":null}]"#),
            true
        ),
        (
            "an entry whose fields are not an object",
            document(#""entries":[{"annotations":"{}","authors":[],"fields":"[]","id":"1","notices":[],"title":"t"}]"#), false
        ),
        (
            "an entry whose fields are cut short",
            document(#""entries":[{"annotations":"{}","authors":[],"fields":"{\"a\":","id":"1","notices":[],"title":"t"}]"#), false
        ),
        ("an escaped key", document(#""t\u0069tle":"x""#), true),
        (
            "a missing key",
            Array(#"{"blocks":[],"entries":[],"extra":{},"key":"k","links":[],"metadata":{"authors":[]},"notes":[],"source":"s"}"#.utf8),
            false
        ),
    ]

    @Test(arguments: edgeCases.indices)
    func edgeCaseReadsAsJSONDecoderReadsIt(_ index: Int) {
        let (what, bytes, accepted) = Self.edgeCases[index]
        let expected = reference(bytes)
        #expect((expected != nil) == accepted, "JSONDecoder on \(what)")
        #expect((try? DocumentCodec.decode(bytes)) == expected, "\(what)")
    }

    /// Strings are scanned eight bytes at a time: each kind of special byte, at every position
    /// of strings around a word long, before and after an escape, reads as `JSONDecoder` reads it.
    @Test func specialBytesAtEveryPositionOfAString() {
        let specials: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83c\udfb6"#.utf8), Array("é".utf8),
            Array("🎶".utf8), [0x01], [0x1F], [0x7F], [0xFF], [0xC3], [0xED, 0xA0, 0x80], Array(#"\x"#.utf8),
        ]
        var checked = 0
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    for other in [Array("".utf8), Array(#"\t"#.utf8)] {
                        let text =
                            Array(repeating: UInt8(ascii: "a"), count: position) + special
                            + Array(repeating: UInt8(ascii: "b"), count: length - position) + other
                        let bytes = Array(#"{"title":""#.utf8) + text + Array(#"","#.utf8) + Self.minimal.utf8.dropFirst()
                        let expected = reference(bytes)
                        #expect((try? DocumentCodec.decode(bytes)) == expected, "\(text)")
                        if expected != nil { checked += 1 }
                    }
                }
            }
        }
        // 210 strings, each with the 7 specials that are valid, with and without a later escape.
        #expect(checked == 210 * 7 * 2)
    }

    /// Where the reader and `JSONDecoder` differ, on nothing the writer produces, the reader
    /// refuses: it never reads a document other than the one `JSONDecoder` reads.
    @Test func theKnownDifferencesAreRefusals() throws {
        let utf16: [UInt8] =
            [0xFF, 0xFE]
            + Self.minimal.utf16.flatMap { unit -> [UInt8] in
                [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)]
            }
        let largeLevel = Self.block(#"{"heading":{"level":1e18,"title":"t"}}"#)
        for bytes in [utf16, largeLevel] {
            #expect(reference(bytes) != nil)
            #expect(throws: JSONReadError.self) { try DocumentCodec.decode(bytes) }
        }
    }

    @Test func aDamagedDocumentSaysWhereAndWhy() {
        #expect(throws: JSONReadError(offset: 10, reason: "a high surrogate without its low surrogate")) {
            try DocumentCodec.decode(Self.document(#""title":"\ud800""#))
        }
        let untitled = Array(
            #"{"blocks":[],"entries":[],"extra":{},"key":"k","links":[],"metadata":{"authors":[]},"notes":[],"source":"s"}"#.utf8)
        #expect(throws: JSONReadError(offset: untitled.count, reason: "a document without its \"title\"")) {
            try DocumentCodec.decode(untitled)
        }
        #expect(throws: JSONReadError(offset: 9, reason: "expected a string, found a number")) {
            try DocumentCodec.decode(Self.document(#""title":12"#))
        }
    }

    /// `JSONDecoder` reads 512 nested containers and refuses 513; so does the reader, and
    /// nesting far deeper costs it no stack.
    @Test func nestingIsBoundedAsJSONDecoderBoundsIt() {
        for arrays in 505...515 {
            // The document and `extra` are two containers.
            let bytes = Self.document(#""extra":{"a":\#(String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays))}"#)
            let expected = reference(bytes)
            #expect((expected != nil) == (arrays + 2 <= 512))
            #expect((try? DocumentCodec.decode(bytes)) == expected)
        }
        for quotes in 165...175 {
            // Three containers a level: {"quote":{"_0":[ …, in `blocks`, in the document.
            let blocks = String(repeating: #"{"quote":{"_0":["#, count: quotes) + String(repeating: "]}}", count: quotes)
            let bytes = Self.block(blocks)
            let expected = reference(bytes)
            #expect((expected != nil) == (2 + 3 * quotes <= 512))
            #expect((try? DocumentCodec.decode(bytes)) == expected)
        }
        let deep = Self.document(#""zz":\#(String(repeating: "[", count: 1_000_000))"#)
        #expect(throws: JSONReadError.self) { try DocumentCodec.decode(deep) }
    }

    /// Thousands of damaged copies of real documents: the reader returns what `JSONDecoder`
    /// returns, or throws when it throws. The seed makes a failure replayable.
    @Test func damagedDocumentsReadAsJSONDecoderReadsThem() throws {
        let index = try #require(Registry(modules: builtinModules).module(for: "rfc-index")).parse(
            ParseInput(
                bytes: try Corpus.bytes("rfc/rfc-index.txt"), requestType: "rfc-index", key: "rfc-index"))
        let smallIndex = Document(source: index.source, key: index.key, title: index.title, entries: Array(index.entries.prefix(30)))
        let tweets = try #require(Registry(modules: builtinModules).module(for: "tweets")).parse(
            ParseInput(
                bytes: try Corpus.bytes("twitter/v1_quote_tweet.json"), requestType: "tweets", key: "t"))
        let page = try #require(Registry(modules: builtinModules).module(for: "html")).parse(
            ParseInput(
                bytes: try Corpus.bytes("html/keep-tabular-data/source.html"), requestType: "html", key: "p", url: "https://example.org/"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let originals = [
            DocumentCodec.encode(smallIndex), DocumentCodec.encode(tweets), DocumentCodec.encode(page),
            [UInt8](try encoder.encode(tweets)),
        ]

        var random = SeededRandom(seed: 20_261_121)
        var accepted = 0
        var refused = 0
        for original in originals {
            let mutator = JSONMutator(original)
            for round in 0..<600 {
                let (bytes, what) = mutator.mutate(&random)
                let expected = reference(bytes)
                let read = Result { try DocumentCodec.decode(bytes) }
                let outcome: String
                switch read {
                case .success: outcome = "read it"
                case .failure(let error): outcome = "refused it: \(error)"
                }
                #expect(
                    (try? read.get()) == expected,
                    "round \(round) of a \(original.count)-byte document: \(what); JSONDecoder \(expected == nil ? "refused it" : "read it"), the reader \(outcome)"
                )
                if expected == nil { refused += 1 } else { accepted += 1 }
            }
        }
        // Both outcomes are exercised, in numbers.
        #expect(accepted > 300)
        #expect(refused > 1000)
    }
}
