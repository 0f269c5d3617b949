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

    @Test func jsonTextParsesWhatOthersWrite() {
        #expect(
            JSONValue(jsonText: #"{"a": [1, 2.5, "\ud83c\udfb6", true, null], "b": {}}"#)
                == ["a": [1, .number(2.5), "🎶", true, nil], "b": .object([:])])
        #expect(JSONValue(jsonText: "{\"a\": 1") == nil)
        #expect(JSONValue(jsonText: "[1] x") == nil)
        #expect(JSONValue(jsonText: String(repeating: "[", count: 10_000)) == nil)
    }
}
