import ReaderPluginAPI
import ReaderTestSupport

@testable import Drafts

/// The corpus's drafts (Tests/Corpus/drafts), parsed as the engine parses a fetched `draft-NAME-NN`.
enum Fixtures {
    static let linking07 = "draft-nottingham-rfc5988bis-07"
    static let linking08 = "draft-nottingham-rfc5988bis-08"
    static let teapot = "draft-nottingham-thanks-larry-00"

    static func document(_ key: String) throws -> Document {
        let bytes = try Corpus.bytes("drafts/\(key).txt")
        return try DraftsModule().parse(
            ParseInput(
                bytes: bytes, requestType: "draft", key: key, url: "https://www.ietf.org/archive/id/\(key).txt",
                mediaType: "text/plain"))
    }

    static func parse(_ text: String, key: String = "draft-example-thing-00") throws -> Document {
        try DraftsModule().parse(ParseInput(bytes: Array(text.utf8), requestType: "draft", key: key))
    }
}

extension Document {
    /// `extra["sections"]` as `number title` lines.
    var sectionLines: [String] {
        (extra["sections"]?.arrayValue ?? []).map { section in
            [section["number"]?.stringValue, section["title"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        }
    }

    func targets(_ type: String) -> Set<String> { Set(relations.filter { $0.type == type }.map(\.target)) }
}
