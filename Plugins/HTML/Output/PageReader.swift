import ReaderPluginAPI

/// Reads one parsed page into a document: metadata, main content, links.
struct PageReader {
    let input: ParseInput

    /// Takes the page: what is read of it before the extraction is read first, and the
    /// extractor then changes the tree in place.
    func read(_ dom: consuming DOM, head: PageHead) -> Document {
        guard dom.root != -1 else { return PageReader.emptyDocument(for: input) }
        let metadata = PageMetadata(head, dom: dom)
        let title = chooseTitle(metadata, dom: dom)
        let published = metadata.published ?? firstTimestamp(dom)

        let extraction = ContentExtractor(title: title).extract(dom)
        let resolver = URLResolver(pageURL: input.url, baseHref: head.baseHref)
        var builder = BlockBuilder(dom: extraction.dom, dataTables: extraction.dataTables, resolver: resolver)
        var blocks = builder.build(extraction.article)
        // The title is shown apart; a first heading that repeats it goes.
        if case .heading(_, _, let text) = blocks.first, text.lowercased() == title.lowercased() {
            blocks.removeFirst()
        }

        let byline = (metadata.byline ?? extraction.byline)?.collapsingWhitespace().nonEmpty
        var extra: [String: JSONValue] = [
            "byline": JSONValue(byline),
            "links": .array(builder.links.map { .object(["text": .string($0.text), "url": .string($0.url)]) }),
        ]
        if let siteName = metadata.siteName { extra["siteName"] = .string(siteName) }
        if let language = metadata.language { extra["language"] = .string(language) }
        if let published { extra["published"] = .string(published) }
        return Document(
            source: "html",
            key: input.key,
            title: title,
            metadata: Metadata(
                byline: byline, authors: metadata.authors.isEmpty ? (byline.map { [$0] } ?? []) : metadata.authors,
                date: published, siteName: metadata.siteName,
                language: metadata.language, url: input.url),
            blocks: blocks,
            links: builder.links,
            extra: extra,
            relations: Self.relations(builder.links, page: input.key)
        )
    }

    /// A `links` relation to each page it links to, by the key that page would be stored
    /// under (``LinkKey``), once each; not to itself (an anchor within the page).
    static func relations(_ links: [Link], page: String) -> [Relation] {
        let own = LinkKey.of(page) ?? page
        var seen: Set<String> = [own]
        return links.compactMap { link in
            guard let key = LinkKey.of(link.url), seen.insert(key).inserted else { return nil }
            return Relation(.links, target: key)
        }
    }

    static func emptyDocument(for input: ParseInput) -> Document {
        Document(
            source: "html", key: input.key, title: "", metadata: Metadata(url: input.url),
            extra: ["byline": .null, "links": .array([])])
    }

    /// The metadata's title (meta tags and JSON-LD as they are, a `<title>` element as
    /// Readability reads it); else, for a page without any, the first `<h1>`.
    private func chooseTitle(_ metadata: PageMetadata, dom: DOM) -> String {
        if let title = metadata.title?.collapsingWhitespace().nonEmpty { return title }
        let headings = dom.topHeadings.filter { $0 != dom.root && dom.isInside($0, dom.root) && dom.tag($0) == .h1 }
        return headings.lazy.map { dom.normalizedText($0) }.first { !$0.isEmpty } ?? ""
    }

    /// The first `<time datetime>` in the body, for pages without a published date in meta.
    private func firstTimestamp(_ dom: DOM) -> String? {
        for time in dom.times where time != dom.body && dom.isInside(time, dom.body) {
            if let value = dom.attribute(time, .datetime)?.collapsingWhitespace(), !value.isEmpty { return value }
        }
        return nil
    }
}
