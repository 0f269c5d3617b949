import ReaderPluginAPI
import Testing

@testable import Tweets

@Suite struct LocateTests {
    static let query =
        "&max_results=100&tweet.fields=created_at,author_id,entities,referenced_tweets,attachments,note_tweet,display_text_range&expansions=author_id,attachments.media_keys,referenced_tweets.id,referenced_tweets.id.author_id&user.fields=username,name&media.fields=url,preview_image_url,type"

    static func locate(_ argument: String, _ settings: [String: String] = ["READER_X_BEARER_TOKEN": "tok"]) throws -> Location? {
        try TweetsModule().locate(argument, settings: Settings(settings))
    }

    @Test func userTimeline() throws {
        let location = try #require(try Self.locate("user:NASA_JPL"))
        #expect(location.key == "tweets/user:NASA_JPL")
        #expect(location.urls == ["https://api.x.com/2/tweets/search/recent?query=from%3ANASA_JPL" + Self.query])
        #expect(location.headers == ["Authorization": "Bearer tok"])
        #expect(location.secretHeaders == ["Authorization"])
    }

    @Test func searchIsPercentEncoded() throws {
        let location = try #require(
            try Self.locate("search:#swift lang & café", ["READER_X_BEARER_TOKEN": "tok", "READER_X_API_URL": "http://127.0.0.1:8080/"]))
        #expect(location.key == "tweets/search:#swift lang & café")
        #expect(location.urls == ["http://127.0.0.1:8080/2/tweets/search/recent?query=%23swift%20lang%20%26%20caf%C3%A9" + Self.query])
    }

    /// Without a token the key is still known (stored tweets open offline), and the location
    /// says what a fetch needs; it carries no Authorization header.
    @Test func missingTokenSaysWhatToSet() throws {
        for settings in [[:], ["READER_X_BEARER_TOKEN": ""]] {
            let location = try #require(try Self.locate("user:NASA", settings))
            #expect(location.key == "tweets/user:NASA")
            #expect(location.unavailable == "set READER_X_BEARER_TOKEN to an X API bearer token to fetch tweets")
            #expect(location.headers.isEmpty)
        }
        let ready = try #require(try Self.locate("user:NASA", ["READER_X_BEARER_TOKEN": "tok"]))
        #expect(ready.unavailable == nil && ready.headers["Authorization"] == "Bearer tok")
    }

    @Test(arguments: ["NASA", "user:", "user:bad-name", "user:名前", "user:a b", "search:", "search:  ", "from:NASA"])
    func malformedArguments(_ argument: String) {
        #expect(throws: RequestError.self) { try Self.locate(argument) }
    }
}
