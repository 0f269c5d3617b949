import ReaderPluginAPI

/// Sorts the top-level JSON values of an input by shape and collects their posts in order.
struct TimelineReader {
    private(set) var posts: [Post] = []
    /// Partial errors of v2 responses whose other tweets did come.
    private(set) var notes: [String] = []
    /// Error bodies that came instead of tweets.
    private(set) var apiErrors: [String] = []
    /// What each post replies to and quotes, by the post's ID.
    private(set) var references: [String: TweetReferences] = [:]

    /// Stream messages that carry no tweet (deletions, rate-limit notices), skipped.
    private static let streamNotices: Set<String> = [
        "delete", "limit", "scrub_geo", "status_withheld", "user_withheld", "disconnect", "warning",
    ]

    mutating func read(_ value: JSON, location: String?) throws {
        switch value {
        case .array(let elements):
            try readArray(elements, location: location)
        case .object(let fields):
            try readObject(fields, location: location)
        default:
            throw ParseError(
                module: moduleName, location: location,
                reason: "expected tweets (a JSON object or array), found \(value.kindName)")
        }
    }

    /// A timeline, search `statuses` or `results`, or an archive's `[{"tweet": …}, …]`.
    private mutating func readArray(_ elements: [JSON], location: String?) throws {
        var objects: [[String: JSON]] = []
        for (index, element) in elements.enumerated() {
            guard let fields = element.object else {
                throw ParseError(
                    module: moduleName, location: Self.place(index, in: location),
                    reason: "expected a tweet object, found \(element.kindName)")
            }
            objects.append(fields)
        }
        // Archive tweets have no `user`: their author is the archive's owner.
        let archived = objects.compactMap { $0["tweet"]?.object }
        let owner = archived.isEmpty ? "" : V1Tweets.archiveOwner(archived) ?? ""
        for (index, fields) in objects.enumerated() {
            if let tweet = fields["tweet"]?.object {
                var post = V1Tweets.post(tweet)
                if post.author.isEmpty { post.author = owner }
                references[post.id] = TweetReferences.v1(tweet)
                posts.append(post)
            } else if let note = fields["noteTweet"]?.object {
                posts.append(V1Tweets.notePost(note, author: owner))
            } else {
                try readObject(fields, location: Self.place(index, in: location))
            }
        }
    }

    private mutating func readObject(_ object: [String: JSON], location: String?) throws {
        var fields = object
        if fields["data"] == .null { fields["data"] = nil }
        if fields["data"] != nil || fields["includes"] != nil {
            posts += V2Response(fields).posts(fields["data"])
            let data: [JSON] = fields["data"]?.array ?? (fields["data"].map { [$0] } ?? [])
            for tweet in data.compactMap(\.object) {
                if let id = tweet["id"]?.text { references[id] = TweetReferences.v2(tweet) }
            }
            notes += APIErrors.partialErrorNotes(fields)
        } else if let statuses = fields["statuses"]?.array {
            try readArray(statuses, location: location)
        } else if let results = fields["results"]?.array, fields["requestParameters"] != nil || fields["next"] != nil {
            // The premium and enterprise search APIs: `{"results": [...], "requestParameters": …}`.
            try readArray(results, location: location)
        } else if let message = APIErrors.message(fields) {
            apiErrors.append(message)
        } else if fields["tweet"] != nil || fields["noteTweet"] != nil {
            try readArray([.object(fields)], location: location)
        } else if Self.isV1Tweet(fields) {
            let post = V1Tweets.post(fields)
            references[post.id] = TweetReferences.v1(fields)
            posts.append(post)
        } else if fields["id"] != nil, fields["text"] != nil {
            // A v2 tweet on its own line, as twarc's flattened output writes them.
            let post = V2Response([:]).post(fields)
            references[post.id] = TweetReferences.v2(fields)
            posts.append(post)
        } else if fields["meta"] != nil || !Self.streamNotices.isDisjoint(with: fields.keys) {
            // A v2 search with no results, or a stream notice: nothing to read.
        } else {
            let keys = fields.keys.sorted().prefix(6).joined(separator: ", ")
            throw ParseError(
                module: moduleName, location: location,
                reason: "not a tweet or an X API response (its keys: \(keys.isEmpty ? "none" : keys))")
        }
    }

    private static func isV1Tweet(_ fields: [String: JSON]) -> Bool {
        fields["id_str"] != nil || fields["full_text"] != nil || fields["retweeted_status"] != nil
            || (fields["text"] != nil && fields["user"] != nil)
    }

    private static func place(_ index: Int, in location: String?) -> String {
        (location.map { "\($0), " } ?? "") + "element \(index)"
    }
}
