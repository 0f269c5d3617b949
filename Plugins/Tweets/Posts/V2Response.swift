import ReaderPluginAPI

/// An API v2 response: `data` (one tweet or an array), with authors, referenced tweets and
/// media in `includes`. Also reads a twarc "flattened" tweet, whose expansions are inline.
struct V2Response {
    private var users: [String: JSON] = [:]
    private var tweets: [String: [String: JSON]] = [:]
    private var mediaByKey: [String: JSON] = [:]

    init(_ response: [String: JSON]) {
        let includes = response["includes"]
        for user in includes["users"]?.array ?? [] {
            if let id = user["id"]?.text { users[id] = user }
        }
        for tweet in includes["tweets"]?.array ?? [] {
            if let fields = tweet.object, let id = fields["id"]?.text { tweets[id] = fields }
        }
        for medium in includes["media"]?.array ?? [] {
            if let key = medium["media_key"]?.text { mediaByKey[key] = medium }
        }
    }

    /// The posts of `data`, in order.
    func posts(_ data: JSON?) -> [Post] {
        switch data {
        case .array(let elements)?: return elements.compactMap { $0.object.map { post($0) } }
        case .object(let fields)?: return [post(fields)]
        default: return []
        }
    }

    func post(_ tweet: [String: JSON], nesting: Int = 0) -> Post {
        let id = tweet["id"]?.text ?? ""
        let user = tweet["author_id"]?.text.flatMap { users[$0] } ?? tweet["author"]
        let author = user["username"]?.text ?? ""
        let createdAt = tweet["created_at"]?.text.flatMap(TweetDates.iso8601)

        var retweetedID: String?
        var quotedID: String?
        for reference in tweet["referenced_tweets"]?.array ?? [] {
            switch reference["type"]?.text {
            case "retweeted": retweetedID = reference["id"]?.text
            case "quoted": quotedID = reference["id"]?.text
            default: break
            }
        }

        // A retweet's `text` is cut like v1.1's; the original is whole in `includes.tweets`.
        if nesting < V1Tweets.maxNesting, let original = referenced(retweetedID, in: tweet) {
            let retweeted = post(original, nesting: nesting + 1)
            return Post(
                id: id, author: author, authorName: user["name"]?.text, createdAt: createdAt,
                text: V1Tweets.retweetText(retweeted), media: retweeted.media, links: retweeted.links,
                retweetOf: retweeted)
        }
        let quoted = nesting < V1Tweets.maxNesting ? referenced(quotedID, in: tweet).map { post($0, nesting: nesting + 1) } : nil

        // A long post's whole text and its entities are in `note_tweet`; `text` is its start.
        let note = tweet["note_tweet"]?.object
        let text = note?["text"]?.text ?? tweet["text"]?.text ?? ""
        let entitySource = note?["text"] != nil ? note?["entities"] : tweet["entities"]
        // Links to media or to the quote go only when what they stand for is there instead.
        let attachedMedia = mediaURLs(tweet)
        let shownQuoteID = quoted == nil ? nil : quotedID
        var entities: [TextEntity] = []
        // A link to the tweet's own `/photo/N` or `/video/N` page stands for its media, as X shows
        // it, whether or not the response includes the media: without them, the page is the media.
        var mediaPages: [String] = []
        for link in entitySource["urls"]?.array ?? [] {
            guard let range = CodePoints.range(start: link["start"], end: link["end"]),
                let short = link["url"]?.nonEmptyText
            else { continue }
            let expanded = link["expanded_url"]?.nonEmptyText ?? short
            let ownMediaPage = StatusLinks.isMediaPage(expanded, of: id)
            if ownMediaPage && attachedMedia.isEmpty && !mediaPages.contains(expanded) { mediaPages.append(expanded) }
            let standsApart =
                ownMediaPage || (link["media_key"] != nil && !attachedMedia.isEmpty)
                || shownQuoteID.map { StatusLinks.isPermalink(expanded, to: $0) } == true
            entities.append(
                TextEntity(
                    range: range, shortURL: short,
                    action: standsApart ? .remove : .expand(url: expanded, display: link["display_url"]?.text)))
        }
        let displayRange = note?["text"] != nil ? nil : CodePoints.range(tweet["display_text_range"])
        let rendered = TweetText.render(text, displayRange: displayRange, entities: entities)
        return Post(
            id: id, author: author, authorName: user["name"]?.text, createdAt: createdAt, text: rendered.text,
            media: attachedMedia.isEmpty ? mediaPages : attachedMedia, links: rendered.links, quoted: quoted)
    }

    /// The referenced tweet `id`: from `includes.tweets`, or inline as twarc flattens it.
    private func referenced(_ id: String?, in tweet: [String: JSON]) -> [String: JSON]? {
        guard let id else { return nil }
        if let included = tweets[id] { return included }
        let inline = tweet["referenced_tweets"]?.array?.first { $0["id"]?.text == id && $0["text"] != nil }
        return inline?.object
    }

    /// `url` (photos) or `preview_image_url` (videos, GIFs) of each attached medium.
    private func mediaURLs(_ tweet: [String: JSON]) -> [String] {
        let attachments = tweet["attachments"]
        var attached = (attachments["media_keys"]?.array ?? []).compactMap { $0.text.flatMap { mediaByKey[$0] } }
        attached += attachments["media"]?.array ?? []
        var urls: [String] = []
        for medium in attached {
            guard let url = medium["url"]?.nonEmptyText ?? medium["preview_image_url"]?.nonEmptyText,
                !urls.contains(url)
            else { continue }
            urls.append(url)
        }
        return urls
    }
}
