import ReaderKit
import ReaderPluginAPI

/// `/rfc/N` and `/doc?key=…`: one stored document in its reading view — never fetched by a
/// GET; an RFC that is not stored is a page that offers to fetch it. Its JSON is
/// `reader open … --format json`'s.
struct DocumentPage {
    var key: String

    func answer(_ context: PageContext, format: Answer.Format) async throws -> Answer {
        let opened: OpenedDocument
        do {
            opened = try await context.reader.openStored(key: key)
        } catch let error as ReaderError where error.exitCode == 3 {
            return try absent(context, format: format, error: error)
        }
        switch format {
        case .json: return .json(try JSONRenderer.render(opened))
        case .html: return .html(Self.page(opened, context))
        }
    }

    static func page(_ opened: OpenedDocument, _ context: PageContext) -> String {
        let document = opened.document
        let number = RFCPageParts.number(of: document)
        let title = number.map { "RFC \($0)" + (document.title.isEmpty ? "" : ": " + document.title) } ?? document.title
        var body = DocumentBody(document: document, rfcs: context.rfcLinks)
        var text = HTML()
        body.write(into: &text)
        return context.layout(title.isEmpty ? document.key : title).page { html in
            let hasContents = number != nil || body.headings.count >= 3
            html.open("article", [("class", "document source-" + Anchors.slug(document.source) + (hasContents ? " has-contents" : ""))])
            RFCPageParts.banner(opened.notices, context.rfcLinks, into: &html)
            html.raw("<header>")
            html.element("h1", text: title.isEmpty ? document.key : title)
            writeFacts(opened, into: &html)
            html.raw("</header>\n")
            for note in document.notes { html.element("p", [("class", "note")], text: note) }
            if hasContents { RFCPageParts.contents(body.headings, into: &html) }
            html.raw("<div class=\"body\">\n")
            html.append(text)
            if document.blocks.isEmpty { writeEntries(document.entries, context, into: &html) }
            html.raw("</div>\n")
            RFCPageParts.cited(opened, context.rfcLinks, into: &html)
            html.raw("</article>\n")
        }
    }

    /// Who, when, where from: a line under the title.
    private static func writeFacts(_ opened: OpenedDocument, into html: inout HTML) {
        let metadata = opened.document.metadata
        let byline = metadata.byline ?? (metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", "))
        var facts = [byline, metadata.date, metadata.siteName].compactMap { $0 }.filter { !$0.isEmpty }
        if case .string(let status)? = opened.annotations["status"] { facts.append(status.lowercased()) }
        if !facts.isEmpty { html.element("p", [("class", "meta")], text: facts.joined(separator: " · ")) }
        if let url = metadata.url, let href = SafeLink.href(url, base: nil, stored: StoredRFCs(keys: [])) {
            html.raw("<p class=\"meta\">Read from ")
            html.element("a", [("href", href), ("class", "origin")], text: url)
            html.raw("</p>")
        }
    }

    /// A document of records with no body (a third-party module's index): one line each.
    private static func writeEntries(_ entries: [Entry], _ context: PageContext, into html: inout HTML) {
        guard !entries.isEmpty else { return }
        html.raw("<ul class=\"entries\">")
        for entry in entries {
            html.raw("<li>")
            html.element("strong", text: entry.id)
            html.raw(" ")
            context.rfcLinks.write(entry.title, into: &html)
            html.raw("</li>")
        }
        html.raw("</ul>\n")
    }

    /// Not stored: 404, and for an RFC what the index says of it and a button that fetches it —
    /// none for a number the index says was never issued or does not reach.
    private func absent(_ context: PageContext, format: Answer.Format, error: ReaderError) throws -> Answer {
        guard format == .html, key.hasPrefix("rfc/"), let number = Int(key.dropFirst(4)) else {
            return ErrorPage.answer(error, format: format, context: context)
        }
        let title = ((try? context.reader.indexEntry(rfc: number)) ?? nil)?.title
        let absence = context.rfcLinks.numbers.absence(of: number)
        let page = context.layout("RFC \(number)").page { html in
            html.element("h1", text: "RFC \(number)" + (title.flatMap { $0.isEmpty ? nil : ": " + $0 } ?? ""))
            if let absence {
                // Nothing to fetch: the RFC Editor has no text of a number never issued or
                // not yet given (`reader open` says the same).
                html.element("p", [("class", "absence")], text: absence + ".")
            } else {
                html.raw("<p>This RFC is not in the store.</p>\n")
            }
            if absence != nil {
                return
            } else if context.offline {
                html.raw("<p class=\"meta\">The server was started with <code>--offline</code>: run ")
                html.element("code", text: "reader fetch rfc \(number)")
                html.raw(", then reload.</p>\n")
            } else {
                html.raw("<p>")
                html.element(
                    "button", [("form", "fetch"), ("name", "rfc"), ("value", String(number)), ("class", "fetch primary")],
                    text: "Fetch RFC \(number)")
                html.raw("</p>\n")
            }
        }
        return .html(page, status: .notFound)
    }
}
