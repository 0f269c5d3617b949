
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

    init(_ head: PageHead, dom: borrowing DOM) {
        var properties: [String: String] = [:]
        var names: [String: String] = [:]
        for meta in head.metas {
            guard let content = dom.attribute(meta, .content)?.collapsingWhitespace(), !content.isEmpty else {
                continue
            }
            if let property = dom.attribute(meta, .property) {
                for key in property.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                    properties[String(key)] = properties[String(key)] ?? content
                }
            }
            if let name = dom.attribute(meta, .name) {
                let key = String(name.lowercased().filter { !$0.isWhitespace }.map { $0 == "." ? ":" : $0 })
                names[key] = names[key] ?? content
            }
            if let itemprop = dom.attribute(meta, .itemprop) {
                names["itemprop:" + itemprop.lowercased()] = names["itemprop:" + itemprop.lowercased()] ?? content
            }
            if let equiv = dom.attribute(meta, .httpEquiv), equiv.lowercased() == "content-language" {
                names["content-language"] = names["content-language"] ?? content
            }
        }
        func value(_ keys: String...) -> String? {
            for key in keys {
                if let found = properties[key] ?? names[key] { return found }
            }
            return nil
        }
        let linked = LinkedData(head.jsonLD, pageTitle: head.title)

        title =
            linked.title
            ?? value("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title")
            ?? value("twitter:title", "parsely-title")
        if title == nil, let element = head.title?.collapsingWhitespace().nonEmpty {
            title = element
            titleFromElement = true
        }
        let authorLink = value("article:author", "og:article:author").flatMap { $0.contains("://") ? nil : $0 }
        // JSON-LD first, as Readability reads it.
        byline =
            linked.author ?? value("dc:creator", "dcterm:creator", "author", "parsely-author") ?? authorLink
        authors = linked.authors
        published =
            linked.published
            ?? value("article:published_time", "og:article:published_time", "article:published", "parsely-pub-date",
                "dc:date", "dcterm:date", "dcterms:created", "itemprop:datepublished", "date", "pubdate")
        siteName = linked.publisher ?? value("og:site_name") ?? value("application-name")
        let lang = head.language?.trimmingSpaces ?? ""
        language = lang.isEmpty ? value("content-language", "og:locale") : lang
    }
}

extension String {
    var trimmingSpaces: String { collapsingWhitespace() }
}
