import ReaderKit

/// Under a document's title: its tags, each with a form that takes it off, a form that puts
/// one on, and its read state with the forms that change it — posted to `/tag` and `/mark`
/// with the page's token (``Site/setTag(_:)``), as the note form is. Submit inputs, not
/// buttons: the pages' buttons are fetch buttons (none offline). Every tag escaped (a pull
/// brings anyone's, held to the tag rules).
enum KeepForms {
    static func write(key: String, state: AnnotationState, token: ActionToken, into html: inout HTML) {
        html.raw("<div class=\"keep\" id=\"keep\">")
        html.element(
            "span", [("class", "meta"), ("id", "read-state")], text: (state.read ? "Read" : "Unread") + (state.starred ? " · starred" : ""))
        mark(state.read ? "unread" : "read", label: state.read ? "Mark unread" : "Mark read", key: key, token: token, into: &html)
        mark(state.starred ? "unstarred" : "starred", label: state.starred ? "Unstar" : "Star", key: key, token: token, into: &html)
        for tag in state.tags {
            form("/tag", key: key, token: token, into: &html) { html in
                html.open("input", [("type", "hidden"), ("name", "remove"), ("value", tag)])
                html.element("a", [("href", "/?tag=" + QueryText.encode(tag)), ("class", "tag")], text: "#" + tag)
                html.open("input", [("type", "submit"), ("class", "untag"), ("value", "\u{D7}"), ("title", "Remove the tag " + tag)])
            }
        }
        form("/tag", key: key, token: token, id: "add-tag", into: &html) { html in
            html.raw("<input name=\"add\" id=\"tag-name\" size=\"16\" autocomplete=\"off\" placeholder=\"tag\" aria-label=\"Tag\">")
            html.raw("<input type=\"submit\" id=\"tag-add\" value=\"Add tag\">")
        }
        html.raw("</div>\n")
    }

    private static func mark(_ mark: String, label: String, key: String, token: ActionToken, into html: inout HTML) {
        form("/mark", key: key, token: token, id: "mark-" + mark, into: &html) { html in
            html.open("input", [("type", "hidden"), ("name", "mark"), ("value", mark)])
            html.open("input", [("type", "submit"), ("value", label)])
        }
    }

    private static func form(
        _ action: String, key: String, token: ActionToken, id: String? = nil, into html: inout HTML, fields: (inout HTML) -> Void
    ) {
        var attributes: [(StaticString, String?)] = [("method", "post"), ("action", action), ("class", "inline")]
        if let id { attributes.append(("id", id)) }
        html.open("form", attributes)
        html.open("input", [("type", "hidden"), ("name", "token"), ("value", token.value)])
        html.open("input", [("type", "hidden"), ("name", "key"), ("value", key)])
        fields(&html)
        html.raw("</form>")
    }
}
