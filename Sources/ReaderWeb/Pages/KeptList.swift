import ReaderKit

/// The home page's view of a person's tags and marks: the tags in use, each a link to the
/// documents with it (`/?tag=T`), and links to the starred and the unread ones; under a filter,
/// those documents. Read from the records each time (the home page is never kept).
struct KeptList {
    let context: PageContext
    let filter: AnnotationFilter
    /// Each tag in use, with how many stored documents have it.
    let tags: [String: Int]
    /// The documents the filter admits; empty without a filter.
    let documents: [Store.Listed]

    init(_ context: PageContext, filter: AnnotationFilter) {
        self.context = context
        self.filter = filter
        let states = context.reader.hasAnyAnnotations ? ((try? context.reader.annotationStates()) ?? [:]) : [:]
        var tags: [String: Int] = [:]
        for state in states.values { for tag in state.tags { tags[tag, default: 0] += 1 } }
        self.tags = tags
        documents = filter.isEmpty ? [] : ((try? context.reader.listStored(filter: filter)) ?? [])
    }

    func write(into html: inout HTML) {
        if !filter.isEmpty {
            let what = [
                filter.tag.map { "Tagged \u{201C}\($0)\u{201D}" }, filter.unread ? "Unread" : nil, filter.starred ? "Starred" : nil,
            ]
            html.element("h1", text: what.compactMap { $0 }.joined(separator: ", "))
            if documents.isEmpty { html.raw("<p class=\"meta\">No stored document.</p>\n") }
            html.raw("<ol class=\"documents kept\">")
            for document in documents {
                html.raw("<li>")
                html.element(
                    "a", [("href", context.path(ofKey: document.key))], text: context.title(key: document.key, title: document.title))
                html.raw("</li>")
            }
            html.raw("</ol>\n")
        }
        guard !tags.isEmpty || context.reader.hasAnyAnnotations else { return }
        html.raw("<p class=\"tags\">")
        html.element("a", [("href", "/?starred=1")], text: "Starred")
        html.raw(" · ")
        html.element("a", [("href", "/?unread=1")], text: "Unread")
        for (tag, count) in tags.sorted(by: { $0.key < $1.key }) {
            html.raw(" · ")
            html.element("a", [("href", "/?tag=" + QueryText.encode(tag))], text: "#\(tag) (\(count))")
        }
        html.raw("</p>\n")
    }
}
