import ReaderPluginAPI
import ReaderTestSupport

@testable import HTML

/// The news pages of `Tests/Corpus/html-news/` (a part of the article-extraction benchmark,
/// with the article text a person marked on each) and how to score an extraction against them.
enum NewsPage {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `ground-truth.json`: the page's URL and its article text, by page id.
    static func truth() throws -> [String: (url: String, articleBody: String)] {
        guard let object = JSONValue(jsonText: try Corpus.text("html-news/ground-truth.json"))?.objectValue else {
            throw Failure(description: "html-news/ground-truth.json is not a JSON object")
        }
        var result: [String: (url: String, articleBody: String)] = [:]
        for (id, page) in object {
            guard let url = page["url"]?.stringValue, let body = page["articleBody"]?.stringValue else { continue }
            result[id] = (url, body)
        }
        return result
    }

    struct Score {
        var words: WordOverlap
        var shingles: ShingleOverlap
    }

    /// The page whose id starts with `prefix`, read as the module reads it, and its scores.
    static func score(_ prefix: String, truth: [String: (url: String, articleBody: String)]) throws -> Score {
        let matching = truth.keys.filter { $0.hasPrefix(prefix) }
        guard matching.count == 1, let id = matching.first, let page = truth[id] else {
            throw Failure(description: "\(matching.count) pages of ground-truth.json start with \(prefix)")
        }
        let bytes = try Inflate.bytes(try Corpus.bytes("html-news/html/\(id).html.gz"), gzip: true, limit: 64 << 20)
        let document = try HTMLModule().parse(ParseInput(bytes: bytes, requestType: "html", key: "html-news/\(id)", url: page.url))
        let text = document.plainText
        return Score(
            words: WordOverlap(extracted: text, expected: page.articleBody),
            shingles: ShingleOverlap(extracted: text, expected: page.articleBody))
    }

    /// Means over some pages: word F1 and precision averaged over the pages, and the
    /// benchmark's shingle F1 (of its mean precision and mean recall).
    struct Means: CustomStringConvertible {
        var words: Double
        var wordPrecision: Double
        var wordRecall: Double
        var shingles: Double
        var shinglePrecision: Double
        var shingleRecall: Double

        var description: String {
            func format(_ value: Double) -> String { String(Double(Int(value * 10000)) / 10000) }
            return "words F1 \(format(words)) (P \(format(wordPrecision)) R \(format(wordRecall))), "
                + "shingles F1 \(format(shingles)) (P \(format(shinglePrecision)) R \(format(shingleRecall)))"
        }
    }

    static func means(_ prefixes: [String]) throws -> Means {
        let truth = try truth()
        let scores = try prefixes.map { try score($0, truth: truth) }
        let count = Double(max(scores.count, 1))
        func mean(_ value: (WordOverlap) -> Double) -> Double { scores.map { value($0.words) }.reduce(0, +) / count }
        let shingles = ShingleOverlap.meanF1(scores.map(\.shingles))
        return Means(
            words: mean(\.f1), wordPrecision: mean(\.precision), wordRecall: mean(\.recall),
            shingles: shingles.f1, shinglePrecision: shingles.precision, shingleRecall: shingles.recall)
    }
}
