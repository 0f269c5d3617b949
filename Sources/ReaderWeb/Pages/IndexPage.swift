import ReaderKit
import ReaderPluginAPI

/// `/index`: the stored RFC index with `list`'s filters (`status`, `year`, `limit`) as query
/// parameters, a page of entries at a time (`page`, from 1). Its JSON is `list --json`'s array
/// of the same page.
struct IndexPage {
    var status: String?
    var year: Int?
    /// Entries a page: `limit` when given (1 to ``maxPageSize``), else 200 on the site and all
    /// of them as JSON, as `list --json` prints.
    var limit: Int?
    var page = 1

    static let htmlPageSize = 200
    /// The largest page a `limit` may ask for: a page of 1,000 rows is made in milliseconds,
    /// and larger ones are refused (400) rather than made.
    static let maxPageSize = 1000
    /// The pages a `page` may name (past the last, the last is shown), and the years a `year`.
    static let pages = 1...100_000
    static let years = 1...9999

    func answer(_ context: PageContext, format: Answer.Format) throws -> Answer {
        let entries = try context.reader.list(status: status, year: year)
        let size = max(1, limit ?? (format == .json ? max(1, entries.count) : Self.htmlPageSize))
        let pages = max(1, (entries.count + size - 1) / size)
        let current = min(max(1, page), pages)
        let shown = Array(entries.dropFirst((current - 1) * size).prefix(size))
        switch format {
        case .json:
            return .json(JSONRenderer.entries(shown))
        case .html:
            let page = context.layout(RFCIndexKnowledge.indexName).page { html in
                writeFilters(entries.count, into: &html)
                writeTable(shown, context, into: &html)
                writePager(current: current, pages: pages, into: &html)
            }
            return .html(page)
        }
    }

    private func writeFilters(_ count: Int, into html: inout HTML) {
        html.element("h1", text: RFCIndexKnowledge.indexName)
        html.raw("\n<form class=\"filters\" action=\"/index\" method=\"get\"><label>Status ")
        html.raw("<select name=\"status\"><option value=\"\">any</option>")
        for option in RFCIndexKnowledge.statuses {
            html.open("option", [("value", option), ("selected", option == status?.uppercased() ? "" : nil)])
            html.text(option.lowercased())
            html.close("option")
        }
        html.raw("</select></label> <label>Year ")
        html.open("input", [("name", "year"), ("inputmode", "numeric"), ("size", "5"), ("value", year.map(String.init))])
        html.raw("</label> <button>Filter</button> ")
        html.element("span", [("class", "meta")], text: count == 1 ? "1 entry" : "\(count) entries")
        html.raw("</form>\n")
    }

    private func writeTable(_ entries: [Entry], _ context: PageContext, into html: inout HTML) {
        html.raw("<div class=\"table\"><table class=\"index\"><tr><th>")
        html.text(RFCIndexKnowledge.idColumn)
        html.raw("</th><th>Title</th><th>Authors</th><th>Date</th><th>Status</th></tr>\n")
        let links = context.links
        for entry in entries {
            html.open("tr", [("class", entry.title.isEmpty ? "not-issued" : nil)])
            html.raw("<td>")
            if let key = RFCIndexKnowledge.key(ofEntry: entry), !entry.title.isEmpty {
                links.reference(key, label: entry.id, into: &html)
            } else {
                html.text(entry.id)
            }
            html.raw("</td><td>")
            html.text(entry.title.isEmpty ? "Not issued" : entry.title)
            html.raw("</td><td>")
            html.text(entry.authors.joined(separator: ", "))
            html.raw("</td><td>")
            html.text(entry.date ?? "")
            html.raw("</td><td>")
            html.text((entry.status ?? "").lowercased())
            html.raw("</td></tr>\n")
        }
        html.raw("</table></div>\n")
    }

    private func writePager(current: Int, pages: Int, into html: inout HTML) {
        guard pages > 1 else { return }
        html.raw("<nav class=\"pager\">")
        if current > 1 { html.element("a", [("href", link(page: current - 1)), ("rel", "prev")], text: "← Previous") }
        html.element("span", text: " Page \(current) of \(pages) ")
        if current < pages { html.element("a", [("href", link(page: current + 1)), ("rel", "next")], text: "Next →") }
        html.raw("</nav>\n")
    }

    private func link(page: Int) -> String {
        var parameters: [(String, String)] = []
        if let status { parameters.append(("status", status)) }
        if let year { parameters.append(("year", String(year))) }
        if let limit { parameters.append(("limit", String(limit))) }
        parameters.append(("page", String(page)))
        return "/index?" + parameters.map { $0.0 + "=" + QueryText.encode($0.1) }.joined(separator: "&")
    }
}
