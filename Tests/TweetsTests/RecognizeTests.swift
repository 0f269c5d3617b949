import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Tweets

/// Recognition by the shape of the first 4 KiB, not by the file name.
@Suite struct RecognizeTests {
    static func confidence(_ bytes: [UInt8], name: String? = "data.json") -> Int {
        TweetsModule().recognize(Sample(prefix: bytes.prefix(4096), fileName: name, mediaType: "application/json"))
    }

    @Test(arguments: [
        ("archive_tweets.js", 95), ("archive_note_tweet.js", 95),
        ("v1_home_timeline.json", 90), ("v1_user_timeline.json", 90), ("v1_extended_full_text.json", 90),
        ("v1_compat_truncated.json", 90), ("v1_streaming_extended_tweet.json", 90), ("v1_retweet.json", 90),
        ("v1_quote_tweet.json", 90), ("v1_search.json", 90), ("v1_search_emoji_html_escaped.json", 90),
        ("v2_search_recent.json", 90), ("v2_tweet_single.json", 90), ("v2_tweets_lookup_media.json", 90),
        ("v1_error_not_found_144.json", 90), ("v1_error_already_favorited_139.json", 90),
        ("v2_error_invalid_request.json", 90),
    ])
    func corpusFiles(file: String, expected: Int) throws {
        // Named as anything, so only the content can tell.
        #expect(Self.confidence(try Corpus.bytes("twitter/\(file)"), name: "download") == expected)
    }

    @Test func otherContentIsNotTweets() {
        #expect(Self.confidence(Array(#"{"name": "reader", "version": 2, "text": "hello"}"#.utf8)) == 0)
        #expect(Self.confidence(Array(#"[{"id": 1, "title": "x"}]"#.utf8)) == 0)
        #expect(
            Self.confidence(Array("<!DOCTYPE html><html><body>{\"id_str\": \"1\", \"text\": \"a\"}</body></html>".utf8), name: "page.json")
                == 0)
        #expect(Self.confidence(Array("# A Markdown file".utf8), name: "notes.js") == 0)
        #expect(Self.confidence([], name: "empty.json") == 0)
    }

    /// A byte order mark and white space before the JSON are skipped; a cut string is fine.
    @Test func leadingBytesAndCutSample() {
        #expect(Self.confidence([0xEF, 0xBB, 0xBF] + Array("\n {\"statuses\": [{\"te".utf8)) == 90)
        #expect(Self.confidence(Array(#"{"data": {"author_id": "1", "id": "2"#.utf8)) == 90)
    }
}
