
/// What a page says about itself in `<meta>` tags, JSON-LD and `<title>`.
struct PageMetadata {
    var title: String?
    /// Whether `title` is the `<title>` element's, rather than a meta tag's or JSON-LD's.
    var titleFromElement = false
    var byline: String?
    /// The authors one by one, when the page lists them (JSON-LD); else empty.
    var authors: [String] = []
    var published: String?
    var siteName: String?
    var language: String?

    /// The meta keys read, in order of preference, for each fact.
    private static let titleKeys = ["dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title"]
    private static let socialTitleKeys = ["twitter:title", "parsely-title"]
    private static let authorLinkKeys = ["article:author", "og:article:author"]
    private static let bylineKeys = ["dc:creator", "dcterm:creator", "author", "parsely-author"]
    private static let publishedKeys = [
        "article:published_time", "og:article:published_time", "article:published", "parsely-pub-date", "dc:date",
        "dcterm:date", "dcterms:created", "itemprop:datepublished", "date", "pubdate",
    ]
    private static let siteNameKeys = ["og:site_name"]
    private static let applicationKeys = ["application-name"]
    private static let languageKeys = ["content-language", "og:locale"]
    private static let wanted = Set(
        titleKeys + socialTitleKeys + authorLinkKeys + bylineKeys + publishedKeys + siteNameKeys + applicationKeys
            + languageKeys)

    init(_ head: PageHead, dom: borrowing DOM) {
        let metas = MetaTags(head.metas, in: dom, keeping: PageMetadata.wanted)
        func value(_ keys: [String]) -> String? { metas.value(keys) }
        let linked = LinkedData(head.jsonLD, pageTitle: head.title)

        title =
            linked.title
            ?? value(PageMetadata.titleKeys)
            ?? value(PageMetadata.socialTitleKeys)
        if title == nil, let element = head.title?.collapsingWhitespace().nonEmpty {
            title = element
            titleFromElement = true
        }
        let authorLink = value(PageMetadata.authorLinkKeys).flatMap { $0.contains("://") ? nil : $0 }
        // JSON-LD first, as Readability reads it.
        byline =
            linked.author ?? value(PageMetadata.bylineKeys) ?? authorLink
        authors = linked.authors
        published =
            linked.published
            ?? value(PageMetadata.publishedKeys)
        siteName = linked.publisher ?? value(PageMetadata.siteNameKeys) ?? value(PageMetadata.applicationKeys)
        let lang = head.language?.trimmingSpaces ?? ""
        language = lang.isEmpty ? value(PageMetadata.languageKeys) : lang
    }
}

extension String {
    var trimmingSpaces: String { collapsingWhitespace() }
}
