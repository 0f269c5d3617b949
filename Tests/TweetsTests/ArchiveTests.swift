import ReaderPluginAPI
import Testing

@testable import Tweets

/// The "Download your data" files: a `window.YTD… =` prefix and every number as a string. The
/// counts, first and last tweets are the cases in `Plugins/Tweets/Cases/`.
@Suite struct ArchiveTests {
    /// String indices ("2", "25") still cut the photo link after an emoji.
    @Test func photoAfterEmoji() throws {
        let posts = try Fixtures.posts("archive_tweets.js")
        let post = try #require(posts.first { $0.id == "1991102971367833602" })
        #expect(post.text == "🌚")
        #expect(post.media == ["https://pbs.twimg.com/media/G6HRmbqacAE-OzX.jpg"])
        #expect(posts.filter { !$0.media.isEmpty }.count == 15)
        #expect(
            posts.first { $0.id == "1294702251710144512" }?.text
                == "He came.\nHe saw.\nHe conquered.\nYou just retired from international cricket but not from our heart.#mahi❤️")
    }

    @Test func noteTweetText() throws {
        let post = try #require(try Fixtures.posts("archive_note_tweet.js").first)
        #expect(post.id == "1995717789827600384")
        #expect(post.createdAt == "2025-12-02T04:52:54Z")
        #expect(
            post.text
                == "Banaras, a holy city in Uttar Pradesh known for its deep spiritual and religious importance.\nIt sits along the sacred River Ganga and is home to famous places like the Kashi Vishwanath Temple.\nIts ghats, especially Dashashwamedh and Assi, are known for prayers, rituals, and the beautiful Ganga Aarti.🙏"
        )
    }

    /// The tweet the note belongs to is cut in tweets.js; the note has the rest.
    @Test func truncatedTweetOfTheNote() throws {
        let post = try #require(try Fixtures.posts("archive_tweets.js").first { $0.id == "1995717789903192574" })
        #expect(post.text.hasSuffix("are known for prayers, rituals, and the…"))
    }
}
