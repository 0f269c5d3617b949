import ReaderPluginAPI

/// A v1.1 tweet object as a post: timelines, search `statuses`, single tweets, streaming
/// tweets, and the data archive's tweets (the same object with every number as a string).
enum V1Tweets {
    /// How deep retweets and quotes are followed; the API nests at most two levels.
    static let maxNesting = 3

    static func post(_ tweet: [String: JSON], nesting: Int = 0) -> Post {
        let id = tweet["id_str"]?.nonEmptyText ?? tweet["id"]?.text ?? ""
        let user = tweet["user"]
        let author = user["screen_name"]?.text ?? ""
        let authorName = user["name"]?.text
        let createdAt = tweet["created_at"]?.text.flatMap(TweetDates.iso8601)

        // A retweet's own text is "RT @orig: " and the original cut to 140 characters; the
        // whole original is in `retweeted_status`.
        if nesting < maxNesting, let original = tweet["retweeted_status"]?.object {
            let retweeted = post(original, nesting: nesting + 1)
            return Post(
                id: id, author: author, authorName: authorName, createdAt: createdAt,
                text: V1Tweets.retweetText(retweeted), media: retweeted.media, links: retweeted.links,
                retweetOf: retweeted)
        }

        let quoted = nesting < maxNesting ? tweet["quoted_status"]?.object.map { post($0, nesting: nesting + 1) } : nil
        // The link to the quote goes only when the quote itself is there to be shown.
        let quotedID = quoted == nil ? nil : tweet["quoted_status_id_str"]?.nonEmptyText ?? quoted?.id
        let quotePermalink = quoted == nil ? nil : tweet["quoted_status_permalink"]["expanded"]?.text

        // Streaming tweets keep the full text, its range and its entities in `extended_tweet`.
        let extended = tweet["extended_tweet"]?.object
        let body = extended?["full_text"] != nil ? extended ?? tweet : tweet
        let text = body["full_text"]?.text ?? tweet["full_text"]?.text ?? tweet["text"]?.text ?? ""

        var entities: [TextEntity] = []
        for link in body["entities"]["urls"]?.array ?? [] {
            guard let range = CodePoints.range(link["indices"]), let short = link["url"]?.nonEmptyText,
                let expanded = link["expanded_url"]?.nonEmptyText
            else { continue }
            let standsForQuote =
                quotedID.map { StatusLinks.isPermalink(expanded, to: $0) } == true
                || (quotePermalink != nil && expanded == quotePermalink)
            entities.append(
                TextEntity(
                    range: range, shortURL: short,
                    action: standsForQuote ? .remove : .expand(url: expanded, display: link["display_url"]?.text)))
        }
        let mediaEntities = body["entities"]["media"]?.array ?? []
        let extendedMedia = body["extended_entities"]["media"]?.array ?? []
        for medium in mediaEntities + extendedMedia {
            guard let range = CodePoints.range(medium["indices"]), let short = medium["url"]?.nonEmptyText else { continue }
            entities.append(TextEntity(range: range, shortURL: short, action: .remove))
        }

        let rendered = TweetText.render(
            text, displayRange: CodePoints.range(body["display_text_range"]), entities: entities)
        return Post(
            id: id, author: author, authorName: authorName, createdAt: createdAt, text: rendered.text,
            media: mediaURLs(extendedMedia.isEmpty ? mediaEntities : extendedMedia), links: rendered.links,
            quoted: quoted)
    }

    /// What the clients show for a retweet: "RT @orig: " and the original's whole text.
    static func retweetText(_ original: Post) -> String {
        original.text.isEmpty ? "RT @\(original.author):" : "RT @\(original.author): \(original.text)"
    }

    /// `media_url_https` of each photo, video or GIF (a video's is its still image).
    private static func mediaURLs(_ media: [JSON]) -> [String] {
        var urls: [String] = []
        for medium in media {
            guard let url = medium["media_url_https"]?.nonEmptyText ?? medium["media_url"]?.nonEmptyText,
                !urls.contains(url)
            else { continue }
            urls.append(url)
        }
        return urls
    }

    /// The archive's owner: the screen name in the page of a photo the owner posted, the only
    /// place an archive's `tweets.js` names its author.
    static func archiveOwner(_ tweets: [[String: JSON]]) -> String? {
        for tweet in tweets {
            guard let id = tweet["id_str"]?.nonEmptyText ?? tweet["id"]?.text else { continue }
            let media = (tweet["extended_entities"]["media"]?.array ?? []) + (tweet["entities"]["media"]?.array ?? [])
            for medium in media {
                if let url = medium["expanded_url"]?.text, let owner = StatusLinks.owner(of: id, in: url) {
                    return owner
                }
            }
        }
        return nil
    }

    /// A long post of the archive's `note-tweet.js`: `noteTweet.core.text` with its URLs.
    static func notePost(_ note: [String: JSON], author: String) -> Post {
        let core = note["core"]
        var entities: [TextEntity] = []
        for link in core["urls"]?.array ?? [] {
            guard let range = CodePoints.range(link["indices"]),
                let short = link["url"]?.nonEmptyText ?? link["shortUrl"]?.nonEmptyText,
                let expanded = link["expanded_url"]?.nonEmptyText ?? link["expandedUrl"]?.nonEmptyText
            else { continue }
            let display = link["display_url"]?.text ?? link["displayUrl"]?.text
            entities.append(TextEntity(range: range, shortURL: short, action: .expand(url: expanded, display: display)))
        }
        let rendered = TweetText.render(core["text"]?.text ?? "", displayRange: nil, entities: entities)
        return Post(
            id: note["noteTweetId"]?.text ?? "", author: author,
            createdAt: note["createdAt"]?.text.flatMap(TweetDates.iso8601), text: rendered.text, links: rendered.links)
    }
}
