import ReaderKit

/// How a page shows a reference to a document by its key: a link when the store holds it (it
/// opens at once), a button that fetches it when the site may fetch, a module's identifier
/// names its request, and nothing says it has no text anywhere; plain text otherwise
/// (`--offline`, a URL no module names, a document its listing marks as naming none).
struct KeyLinks: Sendable {
    let names: KeyNames
    /// The keys the store holds, as the catalog says while the page is made.
    let stored: StoredKeys
    /// False with `--offline`: no page offers to fetch.
    let mayFetch: Bool
    /// What the stored listings say of the documents they describe.
    var index: ListingFacts = .none

    /// Whether `key` gets a fetch button.
    func offersFetch(_ key: String) -> Bool {
        !stored.contains(key) && mayFetch && index.shortAbsence(ofKey: key) == nil && names.fetchField(ofKey: key) != nil
    }

    /// Writes `text` with each document it names by its label made a link or a fetch button.
    func write(_ text: String, into html: inout HTML) {
        let mentions = names.mentions.find(in: text)
        guard !mentions.isEmpty else { return html.text(text) }
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for mention in mentions {
            html.text(String(String.UnicodeScalarView(scalars[position..<mention.range.lowerBound])))
            reference(mention.key, label: String(String.UnicodeScalarView(scalars[mention.range])), into: &html)
            position = mention.range.upperBound
        }
        html.text(String(String.UnicodeScalarView(scalars[position...])))
    }

    /// One document named with `label`.
    func reference(_ key: String, label: String, into html: inout HTML) {
        if stored.contains(key) {
            html.element("a", [("href", names.path(ofKey: key))], text: label)
        } else if let why = index.shortAbsence(ofKey: key) {
            html.element("span", [("class", "absent"), ("title", why)], text: label)
        } else if mayFetch, let field = names.fetchField(ofKey: key) {
            // The one form of the page (``Layout``) sends it: a button may stand inside a
            // paragraph, a form may not.
            html.element(
                "button",
                [
                    ("form", "fetch"), ("name", field.name), ("value", field.value), ("class", "fetch"),
                    ("title", "Fetch " + (names.label(ofKey: key) ?? key)),
                ],
                text: label)
        } else {
            html.element("span", [("class", "absent"), ("title", (names.label(ofKey: key) ?? key) + " is not in the store")], text: label)
        }
    }
}
