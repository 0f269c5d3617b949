import ReaderKit

/// A person's notes on a document page: each under the block that holds its quote (or its
/// section's heading, or at the end), and the form that adds one — the text selected in the
/// document becomes its quote (`/assets/site.js`), posted to `/note` as the fetch button
/// posts (``Site/addNote(_:)``). Every text escaped: a note is the person's words, but it may
/// have come from anyone through `pull`.
enum NoteAside {
    static func byBlock(_ notes: [PlacedNote]) -> [Int: HTML] {
        var byBlock: [Int: HTML] = [:]
        for placed in notes {
            guard let block = placed.block else { continue }
            write(placed, into: &byBlock[block, default: HTML()])
        }
        return byBlock
    }

    static func atEnd(_ notes: [PlacedNote], into html: inout HTML) {
        let atEnd = notes.filter { $0.block == nil }
        guard !atEnd.isEmpty else { return }
        html.raw("<section class=\"user-notes\"><h2>Notes</h2>\n")
        for placed in atEnd { write(placed, into: &html) }
        html.raw("</section>\n")
    }

    static func write(_ placed: PlacedNote, into html: inout HTML) {
        html.open("aside", [("class", "user-note"), ("id", "note-\(placed.number)"), ("data-note", placed.note.id)])
        html.element("span", [("class", "note-mark")], text: "\u{270E}\(placed.number)")
        if let quote = placed.note.quote {
            html.raw(" ")
            html.element("q", text: quote)
        }
        if placed.quoteLost { html.raw(" <span class=\"meta\">(quote no longer found)</span>") }
        if !placed.note.text.isEmpty { html.element("p", text: placed.note.text) }
        html.raw("</aside>\n")
    }

    /// The form: the quote (filled from the selection, or typed), the note, the section.
    static func form(key: String, token: ActionToken, into html: inout HTML) {
        html.raw("<form id=\"add-note\" class=\"add-note\" method=\"post\" action=\"/note\"><h2>Add a note</h2>\n")
        html.open("input", [("type", "hidden"), ("name", "token"), ("value", token.value)])
        html.open("input", [("type", "hidden"), ("name", "key"), ("value", key)])
        html.raw("<label>On the passage (select it in the text) ")
        html.raw("<input name=\"quote\" id=\"note-quote\" size=\"60\" autocomplete=\"off\"></label>\n")
        html.raw("<label>Note <textarea name=\"text\" id=\"note-text\" rows=\"3\" cols=\"60\"></textarea></label>\n")
        // An input, not a button: the pages' buttons are fetch buttons (none offline).
        html.raw("<input type=\"submit\" id=\"note-add\" value=\"Add note\"></form>\n")
    }
}
