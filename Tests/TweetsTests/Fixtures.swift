import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Tweets

/// Parsing corpus files and small inputs the way the engine does.
enum Fixtures {
    static func document(_ file: String) throws -> Document {
        let bytes = try Corpus.bytes("twitter/\(file)")
        return try TweetsModule().parse(ParseInput(bytes: bytes, requestType: "tweets", key: file))
    }

    static func document(json: String, key: String = "inline") throws -> Document {
        try TweetsModule().parse(ParseInput(bytes: Array(json.utf8), requestType: "tweets", key: key))
    }

    static func posts(_ document: Document) -> [Post] {
        document.blocks.compactMap { block in
            if case .post(let post) = block { return post }
            return nil
        }
    }

    static func posts(_ file: String) throws -> [Post] {
        posts(try document(file))
    }

    /// The error `parse` throws for `bytes`, if it throws a ParseError.
    static func parseError(_ bytes: [UInt8]) -> ParseError? {
        do {
            _ = try TweetsModule().parse(ParseInput(bytes: bytes, requestType: "tweets", key: "bad"))
            return nil
        } catch let error as ParseError {
            return error
        } catch {
            return nil
        }
    }
}
