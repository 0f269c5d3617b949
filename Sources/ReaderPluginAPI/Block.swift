/// One block of a document's body.
public enum Block: Sendable, Hashable, Codable {
    /// A heading. `number` is the section number where the source has one (`3.2`, `A.1`);
    /// `--section` and the JSON `sections` use it.
    case heading(level: Int, number: String?, title: String)
    case paragraph([Inline])
    /// Text kept exactly as written: code, ASCII art, figures, RFC tables.
    case preformatted(String, language: String?)
    /// Each item is a list of blocks.
    case list(ordered: Bool, items: [[Block]])
    case quote([Block])
    /// Rows of cells; the first row is a header when `header` is true.
    case table(rows: [[String]], header: Bool)
    /// A picture. A module names what the document needs: `url`, where it is published (an
    /// http(s) address, or a `data:` URL), its `alt` text and the `caption` under it; the
    /// engine fetches it, checks it is a picture and stores it beside the document, and sets
    /// `blob`, the SHA-256 (lowercase hex) of the stored bytes. A module leaves `blob` nil:
    /// the engine replaces whatever a module sets there.
    case image(alt: String?, url: String?, caption: String? = nil, blob: String? = nil)
    case rule
    /// A social-media post (a tweet, a toot), rendered as a timeline entry.
    case post(Post)
}

/// A run of text in a paragraph.
public struct Inline: Sendable, Hashable, Codable {
    public enum Style: String, Sendable, Hashable, Codable {
        case plain, strong, emphasis, code
    }

    public var text: String
    public var style: Style
    /// Index into ``Document/links`` when this run is a link.
    public var link: Int?

    public init(_ text: String, style: Style = .plain, link: Int? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }
}

extension Block {
    /// A paragraph of one plain run.
    public static func text(_ text: String) -> Block { .paragraph([Inline(text)]) }
}
