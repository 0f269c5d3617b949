import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderStore

/// A collection of single tweets, each a document of its own (as `reader fetch
/// https://api.x.com/2/tweets/ID` stores one): a span of one passage per document, so a search
/// walks and seeks spans row by row (FullTextIndex+Search.swift). Every tweet that has a word is
/// found, whether its neighbours have it (walked to) or the last one that did lies many
/// documents back (sought). The 40 real tweets of the corpus's two v1.1 timelines, each stored
/// five times in a row under ids of their own.
@Suite struct SingleTweetSearchTests {
    static let copies = 5

    /// The words of a tweet's text as a person reads them: runs of letters, lowercased, a
    /// link's left out.
    static func words(_ text: String) -> Set<String> {
        let unlinked = text.split(separator: " ").filter { !$0.contains("://") }.joined(separator: " ")
        return Set(unlinked.lowercased().split { !$0.isLetter }.map(String.init))
    }

    /// The words of five letters or more whose tweets are told by their text alone: no other
    /// field of any tweet (its author, a link's target) has them. By how many tweets have each.
    static func telling(_ tweets: [[String: Any]]) throws -> [String: Int] {
        let whole = try tweets.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self).lowercased() }
        let texts = tweets.map { words($0["text"] as? String ?? "") }
        var counts: [String: Int] = [:]
        for text in texts { for word in text where word.count >= 5 { counts[word, default: 0] += 1 } }
        return counts.filter { word, count in whole.filter { $0.contains(word) }.count == count }
    }

    let reader: Reader
    /// Each stored document's key and text.
    var stored: [(key: String, text: String)] = []

    init() throws {
        reader = Reader(configuration: Configuration(storeRoot: try temporaryFolder("single-tweets")), modules: builtinModules)
        let module = try #require(builtinModules.first { $0.descriptor.name == "tweets" })
        let bases = try Self.baseTweets()
        try #require(bases.count == 40)
        for (index, base) in bases.enumerated() {
            for copy in 0..<Self.copies {
                var tweet = base
                let id = 1_000_000_000_000_000_000 + copy * 100 + index
                tweet["id"] = id
                tweet["id_str"] = String(id)
                let raw = [UInt8](try JSONSerialization.data(withJSONObject: tweet))
                let key = "https://api.x.com/2/tweets/\(id)"
                let document = try module.parse(ParseInput(bytes: raw, requestType: "tweets", key: key, url: key))
                _ = try reader.store.commit(key: key, raw: raw, document: document) { rawBlob, parsed in
                    CatalogEntry(
                        requestType: "tweets", url: key, raw: rawBlob, document: parsed, mediaType: "application/json",
                        charset: "utf-8", fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil,
                        module: module.descriptor.name, moduleVersion: module.descriptor.version, size: raw.count,
                        title: document.title)
                }
                stored.append((key, tweet["text"] as? String ?? ""))
            }
        }
    }

    static func baseTweets() throws -> [[String: Any]] {
        var tweets: [[String: Any]] = []
        for name in ["v1_home_timeline.json", "v1_user_timeline.json"] {
            let bytes = try Corpus.bytes("twitter/" + name)
            tweets += try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        }
        return tweets
    }

    /// The keys of the tweets that have `word`, and those `find` gives.
    func expectedAndFound(_ word: String) throws -> (expected: Set<String>, found: Set<String>) {
        let expected = Set(stored.filter { Self.words($0.text).contains(word) }.map(\.key))
        let found = Set(try reader.find([word], limit: 200).hits.map(\.key))
        return (expected, found)
    }

    @Test func everyTweetWithAWordIsFoundNearOrFarFromTheLastThatHadIt() throws {
        // Words that a few tweets have: a tweet's copies lie next to each other (walked to),
        // another tweet with the word five documents away or more (sought).
        let rare = try Self.telling(try Self.baseTweets()).filter { $0.value <= 3 }.keys.sorted()
        try #require(rare.count >= 20)
        for word in rare.prefix(40) {
            let (expected, found) = try expectedAndFound(word)
            #expect(expected.count >= Self.copies)
            #expect(found == expected, "\(word)")
        }
    }
}
