import DocumentJSON
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
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

    @Test func jsonTextParsesWhatOthersWrite() {
        #expect(
            JSONValue(jsonText: #"{"a": [1, 2.5, "\ud83c\udfb6", true, null], "b": {}}"#)
                == ["a": [1, .number(2.5), "🎶", true, nil], "b": .object([:])])
        #expect(JSONValue(jsonText: "{\"a\": 1") == nil)
        #expect(JSONValue(jsonText: "[1] x") == nil)
        #expect(JSONValue(jsonText: String(repeating: "[", count: 10_000)) == nil)
    }
}
