import ReaderPluginAPI

/// The timeline document: one post block per tweet, and the contract's `items`.
enum TimelineDocument {
    static func document(_ posts: [Post], notes: [String], input: ParseInput) -> Document {
        var authors: [String] = []
        for post in posts where !post.author.isEmpty && !authors.contains(post.author) {
            authors.append(post.author)
        }
        let title: String
        if authors.count == 1, posts.allSatisfy({ $0.author == authors[0] }) {
            title = "Tweets by @\(authors[0])"
        } else {
            title = posts.count == 1 ? "1 tweet" : "\(posts.count) tweets"
        }
        return Document(
            source: moduleName, key: input.key, title: title,
            metadata: Metadata(authors: authors, url: input.url),
            blocks: posts.map { .post($0) },
            notes: notes,
            extra: ["items": .array(posts.map(item))])
    }

    /// A post as the contract's item: `id`, `author`, `createdAt`, `text`, `retweetOf`,
    /// `quoted`, `media`; with `authorName` and `links` besides.
    static func item(_ post: Post) -> JSONValue {
        .object([
            "id": .string(post.id),
            "author": .string(post.author),
            "authorName": JSONValue(post.authorName),
            "createdAt": JSONValue(post.createdAt),
            "text": .string(post.text),
            "retweetOf": post.retweetOf.map(item) ?? .null,
            "quoted": post.quoted.map(item) ?? .null,
            "media": JSONValue(post.media),
            "links": .array(post.links.map { .object(["text": .string($0.text), "url": .string($0.url)]) }),
        ])
    }
}
