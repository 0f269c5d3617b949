/// A page being written. Text from a document goes in through ``text(_:)`` or an attribute
/// value, both escaped, so that a page's own markup, a hostile title or a control character
/// never reaches the browser as anything but text; markup is only ever a literal of this
/// target (``raw(_:)`` takes a `StaticString` for that reason).
struct HTML {
    private(set) var output = ""

    init() { output.reserveCapacity(16 * 1024) }

    /// Markup written by this target, never text from outside.
    mutating func raw(_ markup: StaticString) {
        output += markup.description
    }

    /// Markup made by another `HTML` of this target (a part written before its place on the
    /// page is known).
    mutating func append(_ part: HTML) {
        output += part.output
    }

    /// Text, escaped for an element's content.
    mutating func text(_ text: some StringProtocol) {
        Self.escape(text, into: &output)
    }

    /// `<name attr="value" …>`: names are literals, values escaped. A nil value leaves the
    /// attribute out.
    mutating func open(_ name: StaticString, _ attributes: [(StaticString, String?)] = []) {
        output += "<"
        output += name.description
        for (attribute, value) in attributes {
            guard let value else { continue }
            output += " "
            output += attribute.description
            output += "=\""
            Self.escape(value, into: &output)
            output += "\""
        }
        output += ">"
    }

    mutating func close(_ name: StaticString) {
        output += "</"
        output += name.description
        output += ">"
    }

    /// An element holding only text.
    mutating func element(_ name: StaticString, _ attributes: [(StaticString, String?)] = [], text: some StringProtocol) {
        open(name, attributes)
        self.text(text)
        close(name)
    }

    /// Escapes the five characters that mean something in HTML, in content and in a quoted
    /// attribute alike, and replaces control characters (but tab and newline) and the
    /// bidirectional controls (U+202A…E overrides and embeddings, U+2066…9 isolates, the
    /// U+200E/F and U+061C marks) with U+FFFD: an escape sequence or a NUL in a document is
    /// shown as what it is, not acted on, and a title cannot reverse the text after it on the
    /// page (`&#x202E;` would be decoded and act, so the character itself is replaced).
    ///
    /// The plain runs between replacements are appended as substrings of one `String`: an
    /// append through `output.unicodeScalars` copied the whole page each time, which made a
    /// page of 6,000 index rows take 15 s (quadratic in the page's length).
    static func escape(_ text: some StringProtocol, into output: inout String) {
        let text = String(text)
        let scalars = text.unicodeScalars
        var plainStart = scalars.startIndex
        var index = plainStart
        while index != scalars.endIndex {
            if let replacement = replacement(for: scalars[index]) {
                output += Substring(scalars[plainStart..<index])
                output += replacement
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output += Substring(scalars[plainStart..<scalars.endIndex])
    }

    private static func replacement(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        case 0x09, 0x0A: nil
        case 0x00...0x1F, 0x7F...0x9F: "\u{FFFD}"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: "\u{FFFD}"
        default: nil
        }
    }

    static func escaped(_ text: some StringProtocol) -> String {
        var output = ""
        escape(text, into: &output)
        return output
    }
}
