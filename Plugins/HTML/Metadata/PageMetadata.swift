/// What a page says about itself in `<meta>` tags, JSON-LD and `<title>`.
struct PageMetadata {
    /// JSON-LD's title, else a meta tag's, else the `<title>` element's as Readability reads it.
    var title: String?
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
        var elementTitle: String?
        if let element = head.title?.collapsingWhitespace().nonEmpty { elementTitle = PageMetadata.readTitle(element, dom: dom) }
        let linked = LinkedData(head.jsonLD, pageTitle: elementTitle)

        title =
            linked.title
            ?? value(PageMetadata.titleKeys)
            ?? value(PageMetadata.socialTitleKeys)
            ?? elementTitle
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

    /// The `<title>` text by Readability's rules, which look at the page's `h1` and `h2`.
    private static func readTitle(_ title: String, dom: borrowing DOM) -> String {
        var headings: [String] = []
        var h1s: [String] = []
        for heading in dom.topHeadings where heading != dom.root && dom.isInside(heading, dom.root) {
            let text = dom.normalizedText(heading)
            headings.append(text)
            if dom.tag(heading) == .h1 { h1s.append(text) }
        }
        return TitleHeuristic.title(from: title, headings: headings, onlyH1: h1s.count == 1 ? h1s[0] : nil)
    }
}

extension String {
    var trimmingSpaces: String { collapsingWhitespace() }
}
