import ReaderPluginAPI

/// The tweets a tweet replies to and quotes, by ID, as the API gives them: v1.1's
/// `in_reply_to_status_id_str` and `quoted_status_id_str`, v2's `referenced_tweets`
/// (`replied_to`, `quoted`). A retweet's are its original's, and are not the retweet's own.
struct TweetReferences: Equatable {
    var repliesTo: String?
    var quotes: String?

    static func v1(_ tweet: [String: JSON]) -> TweetReferences {
        guard tweet["retweeted_status"]?.object == nil else { return TweetReferences() }
        return TweetReferences(
            repliesTo: tweet["in_reply_to_status_id_str"]?.nonEmptyText ?? tweet["in_reply_to_status_id"]?.text,
            quotes: tweet["quoted_status_id_str"]?.nonEmptyText ?? tweet["quoted_status"]["id_str"]?.nonEmptyText)
    }

    static func v2(_ tweet: [String: JSON]) -> TweetReferences {
        var references = TweetReferences()
        for reference in tweet["referenced_tweets"]?.array ?? [] {
            switch reference["type"]?.text {
            case "retweeted": return TweetReferences()
            case "replied_to": references.repliesTo = reference["id"]?.text
            case "quoted": references.quotes = reference["id"]?.text
            default: break
            }
        }
        return references
    }

    /// The key a tweet's relations name it by: its permalink without the author
    /// (`https://x.com/i/status/ID`), a page anyone can open or fetch, and the same whichever
    /// timeline holds the tweet or names it, so that a reply in one timeline meets its tweet in
    /// another. Written as the engine writes a URL's key (lower-case, no fragment or port).
    static func key(_ id: String) -> String? {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return "https://x.com/i/status/" + id
    }

    /// The relations of a timeline: each tweet it holds (`contains`, in the tweet's own
    /// section, its ID), and what each replies to and quotes.
    static func relations(_ posts: [Post], _ references: [String: TweetReferences]) -> [Relation] {
        var relations: [Relation] = []
        for post in posts {
            guard let own = key(post.id) else { continue }
            relations.append(Relation(.contains, target: own, section: post.id))
            let found = references[post.id] ?? TweetReferences()
            if let target = found.repliesTo.flatMap(key) { relations.append(Relation(.repliesTo, target: target, section: post.id)) }
            if let target = (found.quotes ?? post.quoted?.id).flatMap(key) {
                relations.append(Relation(.quotes, target: target, section: post.id))
            }
        }
        return relations
    }
}
