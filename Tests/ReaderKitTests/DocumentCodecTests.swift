import DocumentJSON
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

@Suite struct DocumentCodecTests {
    @Test func entriesWithOpenEndedFieldsRoundTripExactly() throws {
        let fields: [String: JSONValue] = [
            "number": 793, "title": "Transmission \"Control\" Protocol\n\t\\", "authors": ["J. Härri", "P. Fältström 🎶"],
            "obsoletedBy": [9293], "notIssued": false, "doi": nil, "ratio": .number(0.25), "nested": ["a": [1, ["b": "c\u{01}"]]],
        ]
        let entry = Entry(
            id: "793", title: "Transmission Control Protocol", authors: ["J. Postel"], date: "1981-09", status: "INTERNET STANDARD",
            notices: ["Obsoleted by RFC 9293"], annotations: ["obsoletedBy": [9293], "updatedBy": [1122]], fields: fields)
        let document = Document(source: "rfc-index", key: "rfc-index", title: "RFC Index", entries: [entry])
        let decoded = try DocumentCodec.decode(DocumentCodec.encode(document))
        #expect(decoded == document)
        #expect(decoded.entries[0].fields["authors"] == ["J. Härri", "P. Fältström 🎶"])
    }

    /// The entries' JSON handed on while the document is written (the entry table's lines) is
    /// each entry's own encoding, byte for byte, whatever the size of the pieces the document
    /// goes out in: a piece sent out inside an entry makes it written again alone.
    @Test func theEntriesHandedOnAreEachEntrysOwnJSONAtAnyPieceSize() {
        let entries = (1...40).map { number in
            Entry(
                id: "\(number)", title: "Title \(number) \"quoted\"", authors: (0..<(number % 4)).map { "Author \($0)" },
                date: "1981-09", status: "PROPOSED STANDARD", fields: ["number": .number(Double(number))])
        }
        let document = Document(source: "rfc-index", key: "rfc-index", title: "RFC Index", entries: entries)
        for piece in [1, 7, 100, 1 << 20] {
            var handed: [[UInt8]] = []
            var pieces: [UInt8] = []
            DocumentCodec.write(document, piece: piece, entryWritten: { handed.append(Array($0)) }) { pieces += $0 }
            #expect(handed == entries.map { DocumentCodec.encode($0) }, "piece \(piece)")
            #expect(pieces == DocumentCodec.encode(document), "piece \(piece)")
        }
    }

    /// The RFC index's 9,816 entries are written in rounds on two threads (EntryRounds.swift):
    /// the document is the same bytes as its entries written one after another, each entry's
    /// own JSON between commas, and the entries handed on are each its own, in order, whatever
    /// the size of the pieces it goes out in.
    @Test func anIndexWrittenOnTwoThreadsIsItsEntriesInOrder() throws {
        let module = try #require(Registry(modules: builtinModules).module(for: "rfc-index"))
        let index = try module.parse(
            ParseInput(bytes: try Corpus.bytes("rfc/rfc-index.txt"), requestType: "rfc-index", key: "rfc-index"))
        #expect(index.entries.count == 9_816)
        var bare = index
        bare.entries = []
        let each = index.entries.map { DocumentCodec.encode($0) }
        let empty = Array(#""entries":[]"#.utf8)
        let around = DocumentCodec.encode(bare)
        let at = try #require(around.indices.first { around[$0...].starts(with: empty) })
        let expected =
            around[..<at] + Array(#""entries":["#.utf8) + Array(each.joined(separator: [UInt8(ascii: ",")]))
            + around[(at + empty.count - 1)...]
        #expect(DocumentCodec.encode(index) == Array(expected))
        for piece in [1, 4_000, 1 << 20] {
            var handed: [[UInt8]] = []
            var pieces: [UInt8] = []
            DocumentCodec.write(index, piece: piece, entryWritten: { handed.append(Array($0)) }) { pieces += $0 }
            #expect(handed == each, "piece \(piece)")
            #expect(pieces == Array(expected), "piece \(piece)")
        }
    }

    @Test func jsonTextParsesWhatOthersWrite() {
        #expect(
            JSONValue(jsonText: #"{"a": [1, 2.5, "\ud83c\udfb6", true, null], "b": {}}"#)
                == ["a": [1, .number(2.5), "🎶", true, nil], "b": .object([:])])
        #expect(JSONValue(jsonText: "{\"a\": 1") == nil)
        #expect(JSONValue(jsonText: "[1] x") == nil)
        #expect(JSONValue(jsonText: String(repeating: "[", count: 10_000)) == nil)
    }
}
