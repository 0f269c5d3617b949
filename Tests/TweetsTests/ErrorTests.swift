import Foundation
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Tweets

@Suite struct ErrorTests {
    @Test(arguments: [
        ("v1_error_not_found_144.json", "X API error 144: No status found with that ID."),
        ("v1_error_already_favorited_139.json", "X API error 139: You have already favorited this status."),
        (
            "v2_error_invalid_request.json",
            "X API error: Invalid Request: One or more parameters to your request was invalid. (JSON doesn't match expected schema)"
        ),
    ])
    func errorBodiesThrowTheirMessage(file: String, message: String) throws {
        let error = try #require(Fixtures.parseError(try Corpus.bytes("twitter/\(file)")))
        #expect(error.module == "tweets")
        #expect(error.location == nil)
        #expect(error.reason == message)
    }

    @Test func oldErrorBody() throws {
        let error = Fixtures.parseError(Array(#"{"error": "Not authorized."}"#.utf8))
        #expect(error?.description == "tweets: X API error: Not authorized.")
    }

    @Test func badJSONSaysWhere() throws {
        let error = Fixtures.parseError(Array("{\"data\": [\n  {\"id\": \"1\", \"text\": \"a\"}\n  {\"id\": \"2\"}\n]}".utf8))
        #expect(error?.location == "line 3")
        #expect(error?.reason == "invalid JSON: expected ',' or ']' after an element (column 3)")
    }

    @Test func truncatedFile() throws {
        let bytes = Array(try Corpus.bytes("twitter/v1_user_timeline.json").prefix(5000))
        let error = try #require(Fixtures.parseError(bytes))
        #expect(error.reason.hasPrefix("invalid JSON: "))
        #expect(error.location == "line 1")
    }

    /// JSON Lines: one response per line; a bad line is named by its number.
    @Test func jsonLines() throws {
        let line = try Corpus.text("twitter/v2_tweets_lookup_media.json").trimmingCharacters(in: .newlines)
        let document = try Fixtures.document(json: line + "\n" + line + "\n")
        #expect(document.blocks.count == 2)
        #expect(document.title == "Tweets by @IgorBrigadir")
        let error = Fixtures.parseError(Array((line + "\n" + line + "\n{\"data\": [}\n").utf8))
        #expect(error?.location == "line 3")
        let shape = Fixtures.parseError(Array((line + "\n[1, 2]\n").utf8))
        #expect(shape?.location == "line 2, element 0")
        #expect(shape?.reason == "expected a tweet object, found a number")
    }

    @Test func otherJSONIsNotTweets() {
        let error = Fixtures.parseError(Array(#"{"name": "reader", "version": 2}"#.utf8))
        #expect(error?.reason == "not a tweet or an X API response (its keys: name, version)")
        #expect(Fixtures.parseError(Array("  \n".utf8))?.reason == "the input is empty: no JSON found")
        #expect(Fixtures.parseError(Array("\"just a string\"".utf8))?.reason == "expected tweets (a JSON object or array), found a string")
    }

    /// Too deep to be a tweet: refused, not a stack overflow.
    @Test func deepNestingIsRefused() {
        let bytes = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(Fixtures.parseError(bytes)?.reason == "invalid JSON: more than 256 nested containers (column 257)")
    }
}
