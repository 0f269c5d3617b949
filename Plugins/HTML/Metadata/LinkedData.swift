import ReaderPluginAPI

/// The article facts of a page's schema.org JSON-LD (`<script type="application/ld+json">`).
struct LinkedData {
    var title: String?
    /// The authors' names, in order.
    var authors: [String] = []
    /// The authors joined by commas, as a byline.
    var author: String? { authors.isEmpty ? nil : authors.joined(separator: ", ") }
    var published: String?
    var publisher: String?

    /// `pageTitle` (the `<title>`) settles between a `name` and a `headline` that differ.
    init(_ scripts: [String], pageTitle: String?) {
        for script in scripts {
            guard let article = LinkedData.article(in: script) else { continue }
            let name = article["name"]?.stringValue?.collapsingWhitespace()
            let headline = article["headline"]?.stringValue?.collapsingWhitespace()
            title = name?.nonEmpty ?? headline?.nonEmpty
            if let name = name?.nonEmpty, let headline = headline?.nonEmpty, name != headline, let pageTitle {
                // Some sites put their own name in `name`; the one that matches the title wins.
                let nameMatches = TitleRules.similarity(name, pageTitle) > 0.75
                let headlineMatches = TitleRules.similarity(headline, pageTitle) > 0.75
                if headlineMatches && !nameMatches { title = headline }
            }
            authors = LinkedData.names(article["author"])
            published = article["datePublished"]?.stringValue?.collapsingWhitespace()
            publisher = article["publisher"]?["name"]?.stringValue?.collapsingWhitespace()
            return
        }
    }

    /// The first object typed as an article, in the script or in its `@graph`.
    private static func article(in script: String) -> JSONValue? {
        var text = script.collapsingWhitespace()
        for wrapper in ["<![CDATA[", "<!--", "//<![CDATA["] where text.hasPrefix(wrapper) {
            text.removeFirst(wrapper.count)
        }
        for wrapper in ["]]>", "-->", "//]]>"] where text.hasSuffix(wrapper) {
            text.removeLast(wrapper.count)
        }
        guard let value = JSONValue(jsonText: text) else { return nil }
        var pending: [JSONValue] = [value]
        var visited = 0
        while !pending.isEmpty, visited < 200 {
            let current = pending.removeFirst()
            visited += 1
            if let array = current.arrayValue {
                pending.append(contentsOf: array)
            } else if current.objectValue != nil {
                if isArticle(current["@type"]) { return current }
                if let graph = current["@graph"]?.arrayValue { pending.append(contentsOf: graph) }
            }
        }
        return nil
    }

    private static func isArticle(_ type: JSONValue?) -> Bool {
        let types = type?.arrayValue?.compactMap(\.stringValue) ?? type?.stringValue.map { [$0] } ?? []
        return types.contains { type in
            ["Article", "Posting", "Report", "APIReference"].contains { type.contains($0) }
        }
    }

    /// The names of one author or of a list of them (as objects with a `name`, or strings).
    private static func names(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        let list = value.arrayValue ?? [value]
        return list.compactMap { $0["name"]?.stringValue ?? $0.stringValue }.map { $0.collapsingWhitespace() }
            .filter { !$0.isEmpty }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
