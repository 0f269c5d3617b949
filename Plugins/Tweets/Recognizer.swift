import ReaderPluginAPI

/// Tells Twitter/X JSON from other JSON by the shape of its first bytes, not by its name.
enum Recognizer {
    private static let archivePrefix = Array("window.YTD.".utf8)
    private static let problemTypes = ["https://api.twitter.com/2/problems/", "https://api.x.com/2/problems/"]

    static func confidence(_ sample: Sample) -> Int {
        let bytes = sample.firstSignificantBytes
        if bytes.starts(with: archivePrefix) { return 95 }
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return 0 }
        return looksLikeTweets(SampleTokens(bytes)) ? 90 : 0
    }

    private static func looksLikeTweets(_ tokens: SampleTokens) -> Bool {
        let keys = Set(tokens.keys)
        if keys.contains("id_str"), keys.contains("text") || keys.contains("full_text") { return true }
        if keys.contains("statuses") { return true }
        // Premium and enterprise search: `{"results": [...], "requestParameters": {…}}`.
        if keys.contains("results"), keys.contains("requestParameters") || keys.contains("id_str") { return true }
        if keys.contains("data"),
            keys.contains("edit_history_tweet_ids") || keys.contains("author_id") || keys.contains("text")
        {
            return true
        }
        // v1.1 error body: {"errors": [{"code": …, "message": …}]}, in either key order.
        if tokens.keys.first == "errors", tokens.keys.count >= 3,
            Set(tokens.keys[1...2]) == ["code", "message"]
        {
            return true
        }
        // v2 problem: {"title", "detail", "type": "https://api.twitter.com/2/problems/…"}.
        if keys.contains("title"), keys.contains("detail"),
            tokens.values.contains(where: { value in problemTypes.contains { value.hasPrefix($0) } })
        {
            return true
        }
        return false
    }
}

/// The strings of a JSON prefix, split into keys (followed by `:`) and other strings. The
/// prefix may end anywhere, even inside a string; what is cut off is ignored.
struct SampleTokens {
    private(set) var keys: [String] = []
    private(set) var values: [String] = []

    init(_ bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.endIndex else { return }
            let string = String(decoding: bytes[start..<end], as: UTF8.self)
            index = end + 1
            while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
                keys.append(string)
            } else {
                values.append(string)
            }
        }
    }
}
