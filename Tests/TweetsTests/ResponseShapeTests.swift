import Foundation
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Tweets

/// Shapes of X responses beyond the corpus's: the premium and enterprise search envelope, and
/// a pretty-printed tweet whose keys are sorted (issue 16, rules a and b).
@Suite struct ResponseShapeTests {
    /// Synthetic envelope around a real tweet: `{"results": [...], "requestParameters": {…}}`,
    /// the shape of the premium (30-day, full-archive) and enterprise search APIs.
    static func premiumSearch() throws -> [UInt8] {
        let tweet = String(decoding: try Corpus.bytes("twitter/v1_extended_full_text.json"), as: UTF8.self)
        return Array(
            """
            {"results": [\(tweet)], "requestParameters": {"maxResults": 100, "fromDate": "201701010000", "toDate": "201702010000"}}
            """.utf8)
    }

    @Test func premiumSearchResultsAreReadAsTheTweetsTheyHold() throws {
        let alone = try Fixtures.posts("v1_extended_full_text.json")
        let document = try TweetsModule().parse(ParseInput(bytes: try Self.premiumSearch(), requestType: "tweets", key: "premium"))
        let posts = Fixtures.posts(document)
        #expect(posts.count == 1)
        #expect(posts.map(\.text) == alone.map(\.text))
        #expect(posts.map(\.id) == alone.map(\.id))
    }

    @Test func premiumSearchIsRecognised() throws {
        let bytes = try Self.premiumSearch()
        #expect(TweetsModule().recognize(Sample(prefix: bytes.prefix(Sample.prefixLength), fileName: "out.json")) == 90)
    }

    /// Recognition reads as much as the engine gives (``Sample/prefixLength``), not 4 KiB.
    @Test func aPrettyPrintedTweetWithSortedKeysIsRecognised() throws {
        let bytes = try Corpus.bytes("derived/twitter/v1_extended_full_text.sorted.json")
        let firstText = try #require(String(decoding: bytes, as: UTF8.self).utf8.indexOf("\"full_text\""))
        try #require(firstText > 4096, "the derived file no longer puts its text past 4 KiB")
        #expect(TweetsModule().recognize(Sample(prefix: bytes.prefix(4096), fileName: "tweet.json")) == 0)
        #expect(TweetsModule().recognize(Sample(prefix: bytes.prefix(Sample.prefixLength), fileName: "tweet.json")) == 90)
        let posts = Fixtures.posts(try TweetsModule().parse(ParseInput(bytes: bytes, requestType: "tweets", key: "sorted")))
        #expect(posts.map(\.text) == (try Fixtures.posts("v1_extended_full_text.json")).map(\.text))
    }
}

extension String.UTF8View {
    /// The offset of the first occurrence of `needle`.
    fileprivate func indexOf(_ needle: String) -> Int? {
        let haystack = Array(self)
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return nil }
        return (0...(haystack.count - pattern.count)).first { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
