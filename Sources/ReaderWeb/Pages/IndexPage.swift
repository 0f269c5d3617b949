import ReaderKit
import ReaderPluginAPI

/// `/index`: the stored listing (``Reader/currentListing()``: the RFC index, or what another
/// module declares) with `list`'s filters (`status`, `year`, `limit`) as query
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
        guard let keys = context.reader.currentListing() else { return .json("[]") }
        let size = max(1, limit ?? (format == .json ? max(1, entries.count) : Self.htmlPageSize))
        let pages = max(1, (entries.count + size - 1) / size)
        let current = min(max(1, page), pages)
        let shown = Array(entries.dropFirst((current - 1) * size).prefix(size))
        switch format {
        case .json:
            return .json(JSONRenderer.entries(shown))
        case .html:
            let page = context.layout(Self.title(keys)).page { html in
                writeFilters(entries.count, keys, into: &html)
                writeTable(shown, keys, context, into: &html)
                writePager(current: current, pages: pages, into: &html)
            }
            return .html(page)
        }
    }

    /// What the page is called: the listing's name, a capital first (`RFC index`).
    static func title(_ keys: ListedKeys) -> String {
        keys.listing.name.prefix(1).uppercased() + keys.listing.name.dropFirst()
    }

    private func writeFilters(_ count: Int, _ keys: ListedKeys, into html: inout HTML) {
        html.element("h1", text: Self.title(keys))
        html.raw("\n<form class=\"filters\" action=\"/index\" method=\"get\"><label>Status ")
        html.raw("<select name=\"status\"><option value=\"\">any</option>")
        for option in keys.listing.statuses {
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

    func writeTable(_ entries: [Entry], _ keys: ListedKeys, _ context: PageContext, into html: inout HTML) {
        html.raw("<div class=\"table\"><table class=\"index\"><tr><th>")
        html.text(keys.noun)
        html.raw("</th><th>Title</th><th>Authors</th><th>Date</th><th>Status</th></tr>\n")
        let links = context.links
        for entry in entries {
            let marked = keys.marks(entry)
            html.open("tr", [("class", marked ? "not-issued" : nil)])
            html.raw("<td>")
            if let key = keys.key(ofID: entry.id), !marked {
                links.reference(key, label: entry.id, into: &html)
            } else {
                html.text(entry.id)
            }
            html.raw("</td><td>")
            html.text(marked && entry.title.isEmpty ? keys.listing.absentMark ?? Self.capitalized(keys.reason) : entry.title)
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

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
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
