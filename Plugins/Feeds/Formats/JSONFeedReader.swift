import ReaderPluginAPI

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1): an object with `version`, `title`,
/// `home_page_url` and `items`, each with `id`, `url`, `title`, `content_text` or
/// `content_html`, `summary`, `date_published` and `authors` (1.1) or `author` (1.0).
enum JSONFeedReader {
    static func read(_ bytes: [UInt8], module: String) throws -> Feed {
        guard let value = JSONValue(jsonText: String(decoding: bytes, as: UTF8.self)) else {
            throw ParseError(module: module, reason: "not well-formed JSON: not a JSON Feed")
        }
        guard let version = value["version"]?.stringValue, version.contains("jsonfeed.org/version/") else {
            throw ParseError(module: module, location: "version", reason: "not a JSON Feed: no https://jsonfeed.org/version/ here")
        }
        guard let items = value["items"]?.arrayValue else {
            throw ParseError(module: module, location: "items", reason: "a JSON Feed without its items array")
        }
        var feed = Feed(format: .json)
        feed.title = value["title"]?.stringValue.map(FeedText.plain) ?? ""
        feed.link = value["home_page_url"]?.stringValue
        feed.entries.reserveCapacity(items.count)
        for item in items {
            guard item.objectValue != nil else { continue }
            var entry = FeedEntry()
            entry.id = item["id"]?.stringValue ?? item["id"]?.intValue.map(String.init)
            entry.title = item["title"]?.stringValue.map(FeedText.plain) ?? ""
            entry.link = item["url"]?.stringValue ?? item["external_url"]?.stringValue
            entry.date = item["date_published"]?.stringValue ?? item["date_modified"]?.stringValue
            let authors = item["authors"]?.arrayValue ?? item["author"].map { [$0] } ?? []
            entry.authors = authors.compactMap { $0["name"]?.stringValue }.map(XMLFeedReader.clean).filter { !$0.isEmpty }
            entry.summary = item["summary"]?.stringValue.map(FeedText.plain)
            entry.content =
                item["content_text"]?.stringValue.map(XMLFeedReader.clean) ?? item["content_html"]?.stringValue.map(FeedText.plain)
            feed.entries.append(entry)
        }
        return feed
    }
}
