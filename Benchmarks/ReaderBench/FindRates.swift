import Foundation
import RFCText
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI

/// `reader-bench find STORE TEXTS COUNT RFC-FOLDER…`: the full-text index at the size of a
/// mirror of every RFC. Fills STORE with COUNT RFC-sized documents through the store's commit
/// (each indexed as it is stored), rebuilds the index from the blobs (the indexing rate), runs
/// seeded queries of 1–4 words in process (median and p99), and writes each document's text
/// as a plain file under TEXTS and the queries to TEXTS/../queries.txt, for ripgrep and the
/// whole-process figures of `compare-find.py`.
///
/// The documents: every `.txt` of the folders (real RFCs), then variants of them until COUNT:
/// variant k of an RFC is its text with one word in eight replaced by a word drawn (seeded)
/// from the whole corpus, so that no text repeats and the vocabulary keeps its real shape.
func findRates(store root: String, texts: String, count: Int, folders: [String]) throws {
    var originals: [(name: String, text: [UInt8])] = []
    for folder in folders {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".txt") {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) { originals.append((name, [UInt8](data))) }
        }
    }
    guard !originals.isEmpty else { throw BenchError("find: no .txt file in \(folders)") }
    var random = SplitMix(seed: 9000)
    // Drawn by occurrence, not by distinct word: common words stay common.
    let vocabulary = originals.prefix(200).flatMap { words(in: $0.text) }

    try FileManager.default.createDirectory(atPath: texts, withIntermediateDirectories: true)
    let reader = Reader(configuration: Configuration(storeRoot: root), modules: builtinModules)
    let module = RFCTextModule()
    var textBytes = 0
    var samples: [[String]] = []
    let fillStart = DispatchTime.now().uptimeNanoseconds
    var index = 0
    var attempt = 0
    var refused = 0
    while index < count {
        let original = originals[attempt % originals.count]
        let variant = attempt / originals.count
        attempt += 1
        let bytes = variant == 0 ? original.text : vary(original.text, vocabulary, &random)
        let key = "rfc/\(100_000 + index)"
        // A few texts of the sample are not RFC text to the module (a NUL byte): left out.
        guard let document = try? module.parse(ParseInput(bytes: bytes, requestType: "rfc", key: key)) else {
            refused += 1
            continue
        }
        let now = ISO8601DateFormatter().string(from: Date())
        _ = try reader.store.commit(key: key, raw: bytes, document: document) { raw, parsed in
            CatalogEntry(
                requestType: "rfc", url: nil, raw: raw, document: parsed, mediaType: "text/plain", charset: "utf-8", fetchedAt: now,
                etag: nil, lastModified: nil, module: module.descriptor.name, moduleVersion: module.descriptor.version,
                size: bytes.count, title: document.title)
        }
        let text = document.plainText
        textBytes += text.utf8.count
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(texts)/\(index).txt"))
        if index % 37 == 0 { samples.append(text.split(whereSeparator: { !$0.isLetter }).map(String.init)) }
        index += 1
    }
    try reader.store.compactCatalog()
    let fillSeconds = seconds(since: fillStart)
    print(
        String(
            format: "find store: %d documents (%d texts refused by the RFC module), %.1f MB of text, stored and indexed in %.1f s", count,
            refused, Double(textBytes) / 1e6, fillSeconds))

    let indexStart = DispatchTime.now().uptimeNanoseconds
    let indexed = try reader.store.reindex()
    let indexSeconds = seconds(since: indexStart)
    print(
        String(
            format: "find indexing (cache reindex)      %8.1f MB/s of text, %d documents in %.2f s   goal >= 50 MB/s: %@",
            Double(textBytes) / indexSeconds / 1e6, indexed, indexSeconds, Double(textBytes) / indexSeconds / 1e6 >= 50 ? "holds" : "missed"
        ))

    let indexFiles = ["index.db", "index.db-wal"].map { root + "/fulltext/" + $0 }
    let indexSize = indexFiles.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    print(
        String(
            format: "find index size                    %8.1f MB for %.1f MB of text: %.1f%%   goal <= 25%%: %@", Double(indexSize) / 1e6,
            Double(textBytes) / 1e6, 100 * Double(indexSize) / Double(textBytes),
            Double(indexSize) <= 0.25 * Double(textBytes) ? "holds" : "missed"))

    // Queries: 1–4 consecutive words of a document, of three letters or more, as a person
    // remembers a passage.
    var queries: [[String]] = []
    while queries.count < 240 {
        let words = samples[Int(random.next() % UInt64(samples.count))].filter { $0.count >= 3 }
        guard words.count > 8 else { continue }
        let length = 1 + Int(random.next() % 4)
        let start = Int(random.next() % UInt64(words.count - length))
        queries.append(Array(words[start..<(start + length)]).map { $0.lowercased() })
    }
    try Data(queries.map { $0.joined(separator: " ") }.joined(separator: "\n").utf8).write(
        to: URL(fileURLWithPath: (texts as NSString).deletingLastPathComponent + "/queries.txt"))

    try findQueryRates(store: root, queries: queries)
}

/// `reader-bench find-queries STORE QUERIES`: the in-process query figure alone, for a store
/// already made by `reader-bench find` (QUERIES: its `queries.txt`, one query a line).
func findQueryRates(store root: String, queries: [[String]]) throws {
    let searcher = Reader(configuration: Configuration(storeRoot: root), modules: builtinModules)
    _ = try searcher.find(["warm", "up"])
    var times: [Double] = []
    var answered = 0
    for query in queries {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try searcher.find(query, limit: 10)
        times.append(seconds(since: start))
        if !result.hits.isEmpty { answered += 1 }
    }
    times.sort()
    let median = times[times.count / 2] * 1000
    let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))] * 1000
    print(
        String(
            format: "find query in process (%d queries, %d answered)   median %.2f ms, p99 %.2f ms   goals <= 5 ms, <= 20 ms: %@, %@",
            queries.count, answered, median, p99, median <= 5 ? "holds" : "missed", p99 <= 20 ? "holds" : "missed"))
}

/// `reader-bench search-queries STORE QUERIES`: the stored index's titles searched in process
/// (`Reader.search`, as the search page asks it, 20 entries), each query's first three words.
func searchQueryRates(store root: String, queries: [[String]]) throws {
    let searcher = Reader(configuration: Configuration(storeRoot: root), modules: builtinModules)
    _ = try searcher.search(["warm", "up"], limit: 20)
    var times: [Double] = []
    var answered = 0
    for _ in 0..<3 {
        for query in queries where !query.isEmpty {
            let start = DispatchTime.now().uptimeNanoseconds
            let found = try searcher.search(Array(query.prefix(3)), limit: 20)
            times.append(seconds(since: start))
            if !found.isEmpty { answered += 1 }
        }
    }
    times.sort()
    let median = times[times.count / 2] * 1000
    let p90 = times[min(times.count - 1, Int(Double(times.count) * 0.9))] * 1000
    let mean = times.reduce(0, +) / Double(times.count) * 1000
    print(
        String(
            format: "search query in process (%d, %d answered)   median %.3f ms, p90 %.3f ms, mean %.3f ms", times.count, answered, median,
            p90, mean))
}

private func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

private func words(in text: [UInt8]) -> [String] {
    String(decoding: text, as: UTF8.self).split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }.map(String.init)
}

/// `text` with one word in eight replaced by a word of `vocabulary`: the layout (lines, page
/// breaks, headings) is kept, so the RFC module reads it as the RFC it comes from.
private func vary(_ text: [UInt8], _ vocabulary: [String], _ random: inout SplitMix) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count + text.count / 8)
    var index = 0
    var wordCount = 0
    while index < text.count {
        let byte = text[index]
        let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        guard isLetter else {
            output.append(byte)
            index += 1
            continue
        }
        var end = index
        while end < text.count, (text[end] | 0x20) >= 0x61 && (text[end] | 0x20) <= 0x7A { end += 1 }
        wordCount += 1
        if wordCount % 8 == 0 && end - index >= 3 {
            output += Array(vocabulary[Int(random.next() % UInt64(vocabulary.count))].utf8)
        } else {
            output += text[index..<end]
        }
        index = end
    }
    return output
}

/// A small seeded generator: the same store and queries on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
