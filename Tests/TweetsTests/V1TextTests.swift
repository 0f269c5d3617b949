import ReaderPluginAPI
import Testing

@testable import Tweets

/// The exact text of the tricky v1.1 tweets.
@Suite struct V1TextTests {
    /// Emoji (one code point each, written as surrogate-pair escapes) and `&amp;` (five code
    /// points) come before the hashtag and the URL: a UTF-16 or unescape-first reading would
    /// cut the link in the wrong place.
    @Test func emojiAndEscapesBeforeEntities() throws {
        let post = try #require(try Fixtures.posts("v1_search_emoji_html_escaped.json").first)
        #expect(
            post.text
                == "🎶 C++, Java, Python & Ruby. These are a few of my favorite things 🎶 #HourOfCode 🕑💻👾🎮 https://vine.co/v/i7QJji9Ldmr")
        #expect(post.links == [Link(text: "vine.co/v/i7QJji9Ldmr", url: "https://vine.co/v/i7QJji9Ldmr")])
        #expect(post.id == "674342688083283970")
        #expect(post.createdAt == "2015-12-08T21:40:00Z")
        #expect(post.authorName == "Nickelodeon")
    }

    /// The retweet's own text stops at "Standing Rock…"; the item is built from
    /// `retweeted_status`, whose own truncated text ends in a link to the whole tweet.
    @Test func retweetIsBuiltFromTheOriginal() throws {
        let post = try #require(try Fixtures.posts("v1_retweet.json").first)
        let original =
            "Honestly ppl shouldn't be saying anything about \"peaceful protest\" to leverage respectability politics because Stan… https://twitter.com/i/web/status/967413349473574913"
        #expect(post.text == "RT @xodanix3: " + original)
        #expect(post.author == "__jcbl__")
        let retweeted = try #require(post.retweetOf)
        #expect(retweeted.id == "967413349473574913")
        #expect(retweeted.author == "xodanix3")
        #expect(retweeted.authorName == "Dani")
        #expect(retweeted.createdAt == "2018-02-24T14:58:10Z")
        #expect(retweeted.text == original)
    }

    /// Both files hold tweet 782737772490600448. Extended mode has the whole text and shows
    /// it up to `display_text_range` (the photo link after it is dropped, the photo kept).
    /// Compatibility mode only has the first 115 characters, "…" and a link to the rest, so
    /// its text is necessarily the truncated one: the same start, then the link.
    @Test func extendedAndCompatModeOfTheSameTweet() throws {
        let extended = try #require(try Fixtures.posts("v1_extended_full_text.json").first)
        let compat = try #require(try Fixtures.posts("v1_compat_truncated.json").first)
        #expect(extended.id == "782737772490600448")
        #expect(compat.id == extended.id)
        #expect(
            extended.text
                == "has more details about these changes.  Thanks for making more expressive!writing requirements to python_twitt python_twitter.egg-info/SOURCE"
        )
        #expect(extended.media == ["https://pbs.twimg.com/media/CtzX2fnXEAAMAjK.jpg"])
        #expect(
            compat.text
                == "has more details about these changes.  Thanks for making more expressive!writing requirements to python_twitt pytho… https://twitter.com/i/web/status/782737772490600448"
        )
        let sharedStart = String(compat.text.prefix(115))
        #expect(extended.text.hasPrefix(sharedStart))
        #expect(compat.media.isEmpty)
        #expect(compat.createdAt == extended.createdAt)
    }

    /// Streaming: the full text, its range and its entities are in `extended_tweet`, and
    /// the text has `&amp;`.
    @Test func streamingExtendedTweet() throws {
        let post = try #require(try Fixtures.posts("v1_streaming_extended_tweet.json").first)
        #expect(
            post.text
                == "HIV_AIDS_BiojQuery Mobile Web Development Essentials, Second Edition: http://www.amazon.com/gp/product/1782167897/ref=as_li_tf_tl?ie=UTF8&camp=1789&creative=9325&creativeASIN=1782167897&linkCode=as2&tag=hardwaresoftw-20 Quantum AI Big/Small/0 Data Cloud/Fog Computing OutLook from ClouData & Multiverse -  http://hwswworld.com/index.php?route=product/category&path=13"
        )
        #expect(
            post.links.map(\.url) == [
                "http://www.amazon.com/gp/product/1782167897/ref=as_li_tf_tl?ie=UTF8&camp=1789&creative=9325&creativeASIN=1782167897&linkCode=as2&tag=hardwaresoftw-20",
                "http://hwswworld.com/index.php?route=product/category&path=13",
            ])
        #expect(post.createdAt == "2018-03-08T12:38:03Z")
    }

    /// The link to the quoted tweet is dropped; the quote comes whole in `quoted`.
    @Test func quoteTweet() throws {
        let post = try #require(try Fixtures.posts("v1_quote_tweet.json").first)
        #expect(post.text == "test quote tweet.")
        #expect(post.links.isEmpty)
        let quoted = try #require(post.quoted)
        #expect(quoted.id == "735617035615408128")
        #expect(quoted.author == "StevenTest3")
        #expect(quoted.authorName == "Steven Test")
        #expect(quoted.text == "17")
        #expect(post.retweetOf == nil)
    }

    /// In the home timeline: retweets rebuilt from their originals, media links dropped,
    /// a retweeted quote without `quoted_status_permalink` still losing its link.
    @Test func homeTimelineRetweetsQuotesAndMedia() throws {
        let posts = try Fixtures.posts("v1_home_timeline.json")
        #expect(posts.filter { $0.retweetOf != nil }.count == 14)
        #expect(
            posts[1].text
                == "RT @NASAJPL: Calling all citizen scientists! Help choose + process images of Jupiter for @NASAJuno http://go.nasa.gov/1lfviCo"
        )
        #expect(posts[1].media == ["https://pbs.twimg.com/media/CVZgOC3UEAELUcL.jpg"])
        #expect(posts[1].retweetOf?.media == ["https://pbs.twimg.com/media/CVZgOC3UEAELUcL.jpg"])
        // A retweet of nothing but a video.
        #expect(posts[7].text == "RT @Lyraull:")
        #expect(posts[7].retweetOf?.text == "")
        let quoting = try #require(posts[17].retweetOf)
        #expect(quoting.text == "Okay, this is straight out bigotry.")
        #expect(quoting.quoted?.author == "maggieNYT")
        #expect(
            quoting.quoted?.text
                == "Trump said today there were \"thousands and thousands\"of ppl were cheering in NJ when WTC fell - no evidence of such http://www.nytimes.com/2015/11/22/us/politics/donald-trump-syrian-muslims-surveillance.html"
        )
        #expect(posts[8].text == "data #python")
        #expect(posts[8].createdAt == "2015-11-30T11:44:08Z")
    }

    /// A quote that did not come (deleted, protected) leaves its link in the text.
    @Test func missingQuoteKeepsItsLink() throws {
        let json = """
            {"id_str": "5", "text": "see https://t.co/q", "is_quote_status": true, "quoted_status_id_str": "99",
             "user": {"screen_name": "a"},
             "entities": {"urls": [{"indices": [4, 18], "url": "https://t.co/q", "expanded_url": "https://twitter.com/b/status/99"}]}}
            """
        let post = try #require(Fixtures.posts(try Fixtures.document(json: json)).first)
        #expect(post.text == "see https://twitter.com/b/status/99")
    }

    @Test func userTimelinePhotosAndLinks() throws {
        let posts = try Fixtures.posts("v1_user_timeline.json")
        #expect(posts[5].text == "Test.")
        #expect(posts[5].media == ["https://pbs.twimg.com/media/CVvwc33UsAE2IHK.jpg"])
        #expect(
            posts[9].text
                == "This won't mean much to you, but it means everything to me. Here's http://wso.williams.edu circa 1996 in Netscape 3:")
        #expect(posts[9].links == [Link(text: "wso.williams.edu", url: "http://wso.williams.edu")])
        #expect(posts[11].text == "When is Buzzfeed going to write \"11 other Presidential candidates who were batshit crazy\"?")
        #expect(posts[11].quoted?.id == "671749140251090944")
        #expect(posts.reduce(0) { $0 + $1.media.count } == 4)
    }

    /// A trailing no-break space is content, kept as written.
    @Test func searchKeepsTrailingNoBreakSpace() throws {
        let posts = try Fixtures.posts("v1_search.json")
        #expect(posts.map(\.id) == ["414075829182676992", "414073595372265472", "414071361066532864"])
        #expect(posts[1].text == "RT @Just_Reboot: The Dick Tonsils #FreeBandNames\u{A0}")
        #expect(posts[2].text == "The Dick Tonsils #FreeBandNames\u{A0}")
    }
}
