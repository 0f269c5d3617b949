import ReaderPluginAPI
import ReaderTestSupport

@testable import RFCIndex

/// The real index, read once and shared by the tests.
enum IndexFixture {
    static let bytes: Result<[UInt8], any Error> = Result { try Corpus.bytes("rfc/rfc-index.txt") }
    static let document: Result<Document, any Error> = Result { try parse(bytes.get()) }

    static func parse(_ bytes: [UInt8], charset: String? = nil) throws -> Document {
        try RFCIndexModule().parse(
            ParseInput(bytes: bytes, requestType: "rfc-index", key: "rfc-index", charset: charset))
    }

    static func parse(_ text: String) throws -> Document { try parse(Array(text.utf8)) }

    /// The entry of RFC `number` in the real index.
    static func entry(_ number: Int) throws -> Entry {
        let document = try document.get()
        guard let entry = document.entries.first(where: { $0.id == String(number) }) else {
            throw MissingEntry(number: number)
        }
        return entry
    }

    struct MissingEntry: Error { var number: Int }
}

extension Entry {
    /// The `fields` value under `key`, for short assertions.
    subscript(field key: String) -> JSONValue? { fields[key] }
}

extension JSONValue {
    /// An array of whole numbers, as the relation fields are written.
    static func numbers(_ values: [Int]) -> JSONValue { JSONValue(values) }
    static func strings(_ values: [String]) -> JSONValue { JSONValue(values) }
}
