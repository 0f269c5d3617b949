/// How a page shows a reference to an RFC: a link when the store holds it (it opens at once),
/// a button that fetches it when the site may fetch and the stored index lists it as issued,
/// plain text otherwise (`--offline`, RFC 14 "Not Issued", RFC 99999 past the index's end).
struct RFCLinks: Sendable {
    let stored: StoredRFCs
    /// False with `--offline`: no page offers to fetch.
    let mayFetch: Bool
    /// What the stored index says of numbers not stored: only an issued one is offered.
    var numbers: IndexNumbers = .unknown

    /// Whether RFC `number` gets a fetch button.
    func offersFetch(_ number: Int) -> Bool {
        !stored.contains(number) && mayFetch && numbers.absence(of: number) == nil
    }

    /// Writes `text` with each RFC it names made a link or a fetch button.
    func write(_ text: String, into html: inout HTML) {
        let mentions = RFCMentions.find(in: text)
        guard !mentions.isEmpty else { return html.text(text) }
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for mention in mentions {
            html.text(String(String.UnicodeScalarView(scalars[position..<mention.range.lowerBound])))
            reference(mention.number, label: String(String.UnicodeScalarView(scalars[mention.range])), into: &html)
            position = mention.range.upperBound
        }
        html.text(String(String.UnicodeScalarView(scalars[position...])))
    }

    /// One RFC named with `label`.
    func reference(_ number: Int, label: String, into html: inout HTML) {
        if stored.contains(number) {
            html.element("a", [("href", "/rfc/\(number)")], text: label)
        } else if let why = numbers.shortAbsence(of: number) {
            html.element("span", [("class", "absent"), ("title", why)], text: label)
        } else if mayFetch {
            // The one form of the page (``Layout``) sends it: a button may stand inside a
            // paragraph, a form may not.
            html.element(
                "button",
                [("form", "fetch"), ("name", "rfc"), ("value", String(number)), ("class", "fetch"), ("title", "Fetch RFC \(number)")],
                text: label)
        } else {
            html.element("span", [("class", "absent"), ("title", "RFC \(number) is not in the store")], text: label)
        }
    }
}
