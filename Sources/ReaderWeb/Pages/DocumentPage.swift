import ReaderKit
import ReaderPluginAPI

/// `/doc?key=…` (and its alias `/TYPE/ARGUMENT`, `/rfc/793`): one stored document in its
/// reading view, whatever its source — never fetched by a GET; a document not stored that a
/// module's identifier names is a page that offers to fetch it. Its JSON is `reader open …
/// --format json`'s.
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
        case .json: return .json(try JSONRenderer.render(opened, notes: NoteAnchors.place(opened.userNotes, in: opened.document.blocks)))
        case .html: return .html(Self.page(opened, context))
        }
    }

    /// The page's title: the document's label and title (`RFC 793: Transmission Control
    /// Protocol`), its label alone, its title alone, else its key.
    static func title(_ document: Document, _ context: PageContext) -> String {
        let label = document.label ?? context.label(ofKey: document.key)
        guard let label, !label.isEmpty else { return document.title.isEmpty ? document.key : document.title }
        return document.title.isEmpty || document.title == label ? label : label + ": " + document.title
    }

    static func page(_ opened: OpenedDocument, _ context: PageContext) -> String {
        var document = opened.document
        // What other documents say of this one (errata), each at its place as `open` shows them.
        document.blocks = AnnotationLayout.blocks(document, opened.annotationSets, .shown)
        let title = title(document, context)
        let links = context.links
        let kinds = context.names.relationKinds
        let related = PageParts.relations(of: document, context)
        var body = DocumentBody(document: document, links: links)
        body.underHeadings = PageParts.pointingHere(related, kinds, links)
        let notes = NoteAnchors.place(opened.userNotes, in: document.blocks)
        // Its tags and marks: none to read when no record names it (one `lstat`).
        let reader = context.reader
        let state =
            reader.hasAnnotations(ofKey: document.key)
            ? (try? reader.annotationState(ofKey: document.key)) ?? AnnotationState() : AnnotationState()
        body.afterBlocks = NoteAside.byBlock(notes)
        var text = HTML()
        body.write(into: &text)
        return context.layout(title).page { html in
            // The contents of a document with numbered sections, or with enough headings to need them.
            let hasContents = body.headings.count >= 3 || body.headings.contains { $0.number != nil }
            html.open("article", [("class", "document source-" + Anchors.slug(document.source) + (hasContents ? " has-contents" : ""))])
            PageParts.banner(related, notices: opened.notices, kinds, links, subject: document.key, into: &html)
            html.raw("<header>")
            html.element("h1", text: title)
            writeFacts(opened, links, into: &html)
            KeepForms.write(key: document.key, state: state, token: context.token, into: &html)
            html.raw("</header>\n")
            for note in document.notes { html.element("p", [("class", "note")], text: note) }
            for set in opened.annotationSets {
                guard let summary = set.summary else { continue }
                html.element("p", [("class", "note annotations")], text: "\(set.set.name.capitalized): \(summary)")
            }
            if hasContents { PageParts.contents(body.headings, into: &html) }
            html.raw("<div class=\"body\">\n")
            html.append(text)
            if document.blocks.isEmpty { writeEntries(document.entries, links, into: &html) }
            html.raw("</div>\n")
            NoteAside.atEnd(notes, into: &html)
            NoteAside.form(key: document.key, token: context.token, into: &html)
            PageParts.related(related, kinds, links, sections: body.sectionAnchors, subject: document.key, into: &html)
            html.raw("</article>\n")
        }
    }

    /// Who, when, where from: a line under the title. The module's status line when it gives
    /// one (`Internet Standard · September 1981`), else the byline, the date, the site and the
    /// describing entry's status.
    private static func writeFacts(_ opened: OpenedDocument, _ links: KeyLinks, into html: inout HTML) {
        let metadata = opened.document.metadata
        let byline = metadata.byline ?? (metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", "))
        var facts: [String]
        if let status = opened.document.status, !status.isEmpty {
            facts = [byline, status].compactMap { $0 }
        } else {
            facts = [byline, metadata.date, metadata.siteName].compactMap { $0 }
            if case .string(let status)? = opened.annotations["status"] { facts.append(status.lowercased()) }
        }
        facts = facts.filter { !$0.isEmpty }
        if !facts.isEmpty { html.element("p", [("class", "meta")], text: facts.joined(separator: " · ")) }
        if let url = metadata.url, let href = SafeLink.href(url, base: nil, links: nil) {
            html.raw("<p class=\"meta\">Read from ")
            html.element("a", [("href", href), ("class", "origin")], text: url)
            html.raw("</p>")
        }
    }

    /// A document of records with no body (a third-party module's index): one line each.
    private static func writeEntries(_ entries: [Entry], _ links: KeyLinks, into html: inout HTML) {
        guard !entries.isEmpty else { return }
        html.raw("<ul class=\"entries\">")
        for entry in entries {
            html.raw("<li>")
            html.element("strong", text: entry.id)
            html.raw(" ")
            links.write(entry.title, into: &html)
            html.raw("</li>")
        }
        html.raw("</ul>\n")
    }

    /// Not stored: 404, and for a key a module's identifier names, its label, what the stored
    /// index says of it, and a button that fetches it — none for one that has no text anywhere
    /// (an RFC never issued, or past the index's end).
    private func absent(_ context: PageContext, format: Answer.Format, error: ReaderError) throws -> Answer {
        guard format == .html, let field = context.names.fetchField(ofKey: key), let label = context.label(ofKey: key) else {
            return ErrorPage.answer(error, format: format, context: context)
        }
        let title = ((try? context.reader.listedEntry(ofKey: key)) ?? nil)?.title
        let links = context.links
        let absence = links.index.absence(ofKey: key)
        let page = context.layout(label).page { html in
            html.element("h1", text: label + (title.flatMap { $0.isEmpty ? nil : ": " + $0 } ?? ""))
            if let absence {
                // Nothing to fetch: the source has no text of it (`reader open` says the same).
                html.element("p", [("class", "absence")], text: absence + ".")
                return
            }
            html.raw("<p>")
            html.text("\(label) is not in the store.")
            html.raw("</p>\n")
            if context.offline {
                html.raw("<p class=\"meta\">The server was started with <code>--offline</code>: run ")
                html.element("code", text: Request.source(type: field.name, argument: field.value).fetchCommand)
                html.raw(", then reload.</p>\n")
            } else {
                html.raw("<p>")
                html.element(
                    "button", [("form", "fetch"), ("name", field.name), ("value", field.value), ("class", "fetch primary")],
                    text: "Fetch \(label)")
                html.raw("</p>\n")
            }
        }
        return .html(page, status: .notFound)
    }
}
