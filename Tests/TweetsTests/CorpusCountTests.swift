import ReaderPluginAPI
import Testing

@testable import Tweets

/// Every shared file reads into as many posts as it has tweets (counted with python3's json
/// module), under the title and authors it should have.
@Suite struct CorpusCountTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var count: Int
        var title: String
        var authors: [String]
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        .init(file: "v1_home_timeline.json", count: 20, title: "20 tweets", authors: ["__jcbl__", "notinourselves"]),
        .init(file: "v1_user_timeline.json", count: 20, title: "Tweets by @dewitt", authors: ["dewitt"]),
        .init(file: "v1_extended_full_text.json", count: 1, title: "Tweets by @notinourselves", authors: ["notinourselves"]),
        .init(file: "v1_compat_truncated.json", count: 1, title: "Tweets by @notinourselves", authors: ["notinourselves"]),
        .init(file: "v1_streaming_extended_tweet.json", count: 1, title: "Tweets by @ClouDatAI", authors: ["ClouDatAI"]),
        .init(file: "v1_retweet.json", count: 1, title: "Tweets by @__jcbl__", authors: ["__jcbl__"]),
        .init(file: "v1_quote_tweet.json", count: 1, title: "Tweets by @test_chase2", authors: ["test_chase2"]),
        .init(
            file: "v1_search.json", count: 3, title: "3 tweets",
            authors: ["ItsFuckinOhSo", "drod2169", "Just_Reboot"]),
        .init(
            file: "v1_search_emoji_html_escaped.json", count: 1, title: "Tweets by @NickelodeonTV",
            authors: ["NickelodeonTV"]),
        .init(
            file: "v2_search_recent.json", count: 4, title: "4 tweets",
            authors: ["happycamper", "snowman", "jellybeanjones"]),
        // The docs example asks for no author expansion, so nobody is named.
        .init(file: "v2_tweet_single.json", count: 1, title: "1 tweet", authors: []),
        .init(file: "v2_tweets_lookup_media.json", count: 1, title: "Tweets by @IgorBrigadir", authors: ["IgorBrigadir"]),
        .init(file: "archive_tweets.js", count: 335, title: "Tweets by @ranigupta_20", authors: ["ranigupta_20"]),
        // note-tweet.js names no one, and has no photo page to infer the owner from.
        .init(file: "archive_note_tweet.js", count: 1, title: "1 tweet", authors: []),
    ]

    @Test(arguments: expectations)
    func readsEveryTweet(_ expected: Expectation) throws {
        let document = try Fixtures.document(expected.file)
        #expect(document.source == "tweets")
        #expect(document.key == expected.file)
        #expect(document.blocks.count == expected.count)
        #expect(document.extra["items"]?.arrayValue?.count == expected.count)
        #expect(document.title == expected.title)
        #expect(document.metadata.authors == expected.authors)
        #expect(document.notes.isEmpty)
    }

    /// `text` is every tweet's text in order, one block each.
    @Test func plainTextIsTheTweetsInOrder() throws {
        let document = try Fixtures.document("v1_user_timeline.json")
        let paragraphs = document.plainText.components(separatedBy: "\n\n")
        #expect(paragraphs.first == "If any of you are considering borrowing $2M to buy a home in SF, reach out to me and learn about Seattle. Seriously. http://www.cnbc.com/2015/12/10/2-million-mortgage-no-down-payment-no-joke.html")
        #expect(paragraphs.last == "Half the games this week are matchups where both teams have losing records. I wouldn't have guessed that was even possible.")
    }

    /// The items carry the contract's keys, with null for a missing retweet or quote.
    @Test func itemsHaveTheContractKeys() throws {
        let document = try Fixtures.document("v1_quote_tweet.json")
        let item = try #require(document.extra["items"]?.arrayValue?.first)
        #expect(item["id"] == "780460235408277505")
        #expect(item["author"] == "test_chase2")
        #expect(item["createdAt"] == "2016-09-26T17:33:15Z")
        #expect(item["text"] == "test quote tweet.")
        #expect(item["retweetOf"] == .null)
        #expect(item["media"] == [])
        let quoted = try #require(item["quoted"])
        #expect(quoted["id"] == "735617035615408128")
        #expect(quoted["author"] == "StevenTest3")
        #expect(quoted["text"] == "17")
        #expect(quoted["quoted"] == .null)
    }
}
