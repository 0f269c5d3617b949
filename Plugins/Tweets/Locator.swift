import ReaderPluginAPI

/// `reader fetch tweets user:NAME | search:QUERY` as an X API v2 recent-search request.
enum Locator {
    static let defaultBase = "https://api.x.com"

    /// Everything the document needs: text and entities, authors, media and the tweets
    /// retweeted or quoted.
    static let fields =
        "max_results=100"
        + "&tweet.fields=created_at,author_id,entities,referenced_tweets,attachments,note_tweet,display_text_range"
        + "&expansions=author_id,attachments.media_keys,referenced_tweets.id,referenced_tweets.id.author_id"
        + "&user.fields=username,name&media.fields=url,preview_image_url,type"

    static func locate(_ argument: String, settings: Settings) throws -> Location {
        let query: String
        if argument.hasPrefix("user:") {
            let name = argument.dropFirst("user:".count)
            guard !name.isEmpty else { throw RequestError("tweets user: needs a screen name, as in user:NASA") }
            guard name.unicodeScalars.allSatisfy(isScreenNameCharacter) else {
                throw RequestError("'\(name)' is not an X screen name: use only letters A-Z, digits and _")
            }
            query = "from:\(name)"
        } else if argument.hasPrefix("search:") {
            query = String(argument.dropFirst("search:".count))
            guard !query.allSatisfy(\.isWhitespace) else {
                throw RequestError("tweets search: needs a query, as in search:\"#swiftlang\"")
            }
        } else {
            throw RequestError("tweets takes user:NAME or search:QUERY, not '\(argument)'")
        }
        var base = settings["READER_X_API_URL"] ?? defaultBase
        while base.hasSuffix("/") { base.removeLast() }
        let url = "\(base)/2/tweets/search/recent?query=\(percentEncoded(query))&\(fields)"
        // Without a token the stored tweets still open; only a fetch needs it.
        guard let token = settings["READER_X_BEARER_TOKEN"] else {
            return Location(
                key: "tweets/\(argument)", urls: [url],
                unavailable: "set READER_X_BEARER_TOKEN to an X API bearer token to fetch tweets")
        }
        return Location(
            key: "tweets/\(argument)", urls: [url],
            headers: ["Authorization": "Bearer \(token)"],
            secretHeaders: ["Authorization"])
    }

    private static func isScreenNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    /// Every byte but the unreserved characters of RFC 3986 escaped, so a query's `#`, `&`,
    /// `:`, spaces and non-ASCII text survive as one parameter.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += byte < 0x10 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return encoded
    }
}
