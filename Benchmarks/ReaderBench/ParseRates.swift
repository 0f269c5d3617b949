import Foundation
import HTML
import RFCIndex
import RFCText
import ReaderPluginAPI
import Tweets

/// In-process parse rates of the modules on the real corpus.
func parseRates() throws {
    let index = bytes("rfc/rfc-index.txt")
    let module = RFCIndexModule()
    var entries = 0
    let seconds = try best {
        entries = try module.parse(ParseInput(bytes: index, requestType: "rfc-index", key: "rfc-index")).entries.count
    }
    report("rfc-index parse (\(entries) entries)", bytes: index.count, seconds: seconds, reference: referenceRate(index))

    let texts = corpusRFCs.map { ($0, bytes("rfc/\($0).txt")) }
    let total = texts.reduce(0) { $0 + $1.1.count }
    let rfc = RFCTextModule()
    let rfcSeconds = try best {
        for (name, input) in texts { _ = try rfc.parse(ParseInput(bytes: input, requestType: "rfc", key: "rfc/\(name.dropFirst(3))")) }
    }
    report("rfc text parse (6 RFCs)", bytes: total, seconds: rfcSeconds, reference: referenceRate(texts.flatMap(\.1)))

    let archive = bytes("twitter/archive_tweets.js")
    let tweets = TweetsModule()
    var count = 0
    let tweetSeconds = try best {
        count = try tweets.parse(ParseInput(bytes: archive, requestType: "tweets", key: "archive")).blocks.count
    }
    report("tweets parse (archive)", bytes: archive.count, seconds: tweetSeconds, reference: referenceRate(archive))
    print("tweets rate".padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%8.0f tweets/s", Double(count) / tweetSeconds))

    // HTML: ms per page over the 12 Readability pages (Benchmarks/compare-html.sh puts
    // trafilatura and resiliparse beside it).
    let pages = [
        "002", "003-metadata-preferred", "bbc-1", "gmw", "google-sre-book-1", "keep-tabular-data", "lemonde-1",
        "medium-1", "mercurial", "mozilla-2", "nytimes-1", "wikipedia-3",
    ].map { bytes("html/\($0)/source.html") }
    let html = HTMLModule()
    let htmlSeconds = try best(rounds: 15) {
        for page in pages { _ = try html.parse(ParseInput(bytes: page, requestType: "html", key: "page", url: "https://example.org/")) }
    }
    let pageBytes = pages.reduce(0) { $0 + $1.count }
    report("html parse (12 pages)", bytes: pageBytes, seconds: htmlSeconds, reference: referenceRate(pages.flatMap { $0 }))
    print("html ms/page".padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%8.3f ms/page", htmlSeconds * 1000 / 12))
}
