/// A social-media post, with the post it reposts or quotes.
public struct Post: Sendable, Hashable, Codable {
    public var id: String
    /// Screen name, without `@`.
    public var author: String
    /// Display name, when known.
    public var authorName: String?
    /// ISO 8601.
    public var createdAt: String?
    /// The text as the clients show it: full, links expanded, entities unescaped.
    public var text: String
    /// Media URLs.
    public var media: [String]
    /// Links in the text, expanded.
    public var links: [Link]
    // Held in arrays because a struct cannot hold an optional of itself directly.
    private var reposted: [Post]
    private var quotedPosts: [Post]

    public init(
        id: String, author: String, authorName: String? = nil, createdAt: String? = nil, text: String,
        media: [String] = [], links: [Link] = [], retweetOf: Post? = nil, quoted: Post? = nil
    ) {
        self.id = id
        self.author = author
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.media = media
        self.links = links
        self.reposted = retweetOf.map { [$0] } ?? []
        self.quotedPosts = quoted.map { [$0] } ?? []
    }

    /// The original post when this one is a repost (retweet).
    public var retweetOf: Post? {
        get { reposted.first }
        set { reposted = newValue.map { [$0] } ?? [] }
    }

    /// The post this one quotes.
    public var quoted: Post? {
        get { quotedPosts.first }
        set { quotedPosts = newValue.map { [$0] } ?? [] }
    }
}

extension Post {
    /// The stored form as it is: the arrays may hold any number of posts when a blob was
    /// written by hand, and `Codable` keeps them all (the document codec's reader must agree,
    /// hence `package`).
    package init(
        id: String, author: String, authorName: String?, createdAt: String?, text: String, media: [String], links: [Link],
        reposted: [Post], quotedPosts: [Post]
    ) {
        self.init(id: id, author: author, authorName: authorName, createdAt: createdAt, text: text, media: media, links: links)
        self.reposted = reposted
        self.quotedPosts = quotedPosts
    }
}
