/// The frame of every page: the head (this server's stylesheet and script only), the bar with
/// the search box and the go-to box (a shorthand: `793`, `rfc 9110`), the page's own content, and the one form through which
/// a page's fetch buttons post (absent with `--offline`).
struct Layout {
    let title: String
    /// What the search box shows: the query of a search page.
    var query: String = ""
    let token: ActionToken
    let offline: Bool

    func page(_ content: (inout HTML) -> Void) -> String {
        var html = HTML()
        html.raw("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        html.raw("<meta name=\"color-scheme\" content=\"light dark\">")
        html.element("title", text: title.isEmpty ? "reader" : title + " · reader")
        html.open("link", [("rel", "stylesheet"), ("href", Assets.stylesheetPath)])
        html.open("script", [("src", Assets.scriptPath), ("defer", "")])
        html.raw("</script></head>\n<body>\n<header class=\"bar\"><a class=\"home\" href=\"/\">reader</a>")
        html.raw("<nav><a href=\"/index\">Index</a></nav>")
        html.raw("<form class=\"search\" action=\"/search\" method=\"get\" role=\"search\">")
        html.open(
            "input",
            [
                ("type", "search"), ("name", "q"), ("value", query), ("placeholder", "Search everything read  ( / )"),
                ("aria-label", "Search"), ("id", "q"),
            ])
        html.raw("</form>")
        html.raw("<form id=\"goto\" class=\"goto\" action=\"/go\" method=\"get\" hidden><label>Go to ")
        html.raw("<input name=\"to\" id=\"goto-number\" size=\"12\" autocomplete=\"off\"></label></form>")
        html.raw("</header>\n<main>\n")
        content(&html)
        html.raw("</main>\n")
        if !offline {
            html.raw("<form id=\"fetch\" method=\"post\" action=\"/fetch\">")
            html.open("input", [("type", "hidden"), ("name", "token"), ("value", token.value)])
            html.raw("</form>\n")
        }
        html.raw("<footer>Keys: <kbd>/</kbd> search · <kbd>j</kbd> <kbd>k</kbd> next and previous section · ")
        html.raw("<kbd>g</kbd> go to a document</footer>\n</body></html>\n")
        return html.output
    }
}
