import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import Tweets

/// `reader-bench tweets STORE COUNT TEXTS [FIRST]`: a researcher's collection of single tweets, each a
/// document of its own as `reader fetch https://api.x.com/2/tweets/ID` would store it, for
/// issue 32's store of a million documents.
///
/// How the tweets are made: the 40 real tweets of the corpus's two v1.1 timelines
/// (`Tests/Corpus/twitter/v1_home_timeline.json`, `v1_user_timeline.json`) in turn, each copy
/// with an id of its own (10^18 + its number) and one word in eight of its text replaced by a
/// word drawn (seeded) from the words of all 40, by occurrence, so that no two texts are the
/// same and the vocabulary keeps its real shape. Each is parsed by the tweets module and
/// committed through `Store.commit`, eight at a time (as a fetch's `--jobs 8` commits), so
/// each is indexed as it is stored. The raw bytes of tweet N are written to `TEXTS/N.json`
/// only for the first 1,000, for `git cat-file` to open the same bytes. FIRST continues a
/// store made before up to that number.
func fillTweets(store root: String, count: Int, texts: String, from first: Int = 0) throws {
    var tweets: [[String: Any]] = []
    for name in ["v1_home_timeline.json", "v1_user_timeline.json"] {
        let data = Data(bytes("twitter/" + name))
        guard let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BenchError("tweets: \(name) is not an array of tweets")
        }
        tweets += array
    }
    let vocabulary = tweets.flatMap { (($0["text"] as? String) ?? "").split(separator: " ").map(String.init) }
    try FileManager.default.createDirectory(atPath: texts, withIntermediateDirectories: true)
    let reader = Reader(configuration: Configuration(storeRoot: root), modules: builtinModules)
    let module = TweetsModule()
    let start = DispatchTime.now().uptimeNanoseconds
    let failures = Failures()
    let bases = Bases(tweets)
    let lanes = 8
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        var random = SplitMix(seed: UInt64(9000 + lane))
        for index in stride(from: first + lane, to: count, by: lanes) {
            do {
                var tweet = bases.tweets[index % bases.tweets.count]
                let id = 1_000_000_000_000_000_000 + index
                tweet["id"] = id
                tweet["id_str"] = String(id)
                if let text = tweet["text"] as? String {
                    let words = text.split(separator: " ").map { word -> String in
                        random.next() % 8 == 0 ? vocabulary[Int(random.next() % UInt64(vocabulary.count))] : String(word)
                    }
                    tweet["text"] = words.joined(separator: " ")
                }
                let raw = [UInt8](try JSONSerialization.data(withJSONObject: tweet))
                let key = "https://api.x.com/2/tweets/\(id)"
                let document = try module.parse(ParseInput(bytes: raw, requestType: "tweets", key: key, url: key))
                _ = try reader.store.commit(key: key, raw: raw, document: document) { rawBlob, parsed in
                    CatalogEntry(
                        requestType: "tweets", url: key, raw: rawBlob, document: parsed, mediaType: "application/json", charset: "utf-8",
                        fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil, module: module.descriptor.name,
                        moduleVersion: module.descriptor.version, size: raw.count, title: document.title)
                }
                if index < 1_000 { try Data(raw).write(to: URL(fileURLWithPath: "\(texts)/\(index).json")) }
            } catch {
                failures.add("\(index): \(error)")
            }
        }
    }
    try reader.store.compactCatalog()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if let first = failures.first { throw BenchError("tweets: \(failures.count) not stored; the first: \(first)") }
    print(
        String(
            format: "tweets store: tweets %d to %d stored and indexed in %.1f s (%.0f a second)", first, count - 1, seconds,
            Double(count - first) / seconds))
}

/// The corpus's tweets, read by every lane and never changed.
private final class Bases: @unchecked Sendable {
    let tweets: [[String: Any]]
    init(_ tweets: [[String: Any]]) { self.tweets = tweets }
}

/// Failures of the lanes, gathered under a lock.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    func add(_ failure: String) { lock.withLock { all.append(failure) } }
    var count: Int { lock.withLock { all.count } }
    var first: String? { lock.withLock { all.first } }
}
