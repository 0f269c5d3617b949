import Foundation

/// How to render: the output format, the width to wrap to, and whether to style.
public struct RenderOptions: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    public var format: Format
    /// Columns to wrap paragraphs to.
    public var width: Int
    /// Bold headings; the sanitizer turns the markers into ANSI codes only when colour is on.
    public var styled: Bool
    /// Only the section with this number (`3.2`), with its subsections.
    public var section: String?
    /// The time zone post times are shown in: the machine's unless one is given.
    public var timeZone: TimeZone {
        get { givenZone ?? .current }
        set { givenZone = newValue }
    }
    /// `nil` for the machine's zone, which is made only when a post's time is shown:
    /// `TimeZone.current` cost every `open` 3 % of its time, for a name (``zoneName``).
    private var givenZone: TimeZone?
    /// Which annotations of other documents (errata) the view shows.
    public var annotations: AnnotationVisibility
    /// Where the stored pictures are for Markdown (`export --format markdown`, which writes them
    /// beside its file): a picture's blob name to the path a picture points at. A picture not
    /// in it points at its address.
    public var picturePaths: [String: String] = [:]

    public init(
        format: Format = .text, width: Int = 80, styled: Bool = true, section: String? = nil, timeZone: TimeZone? = nil,
        annotations: AnnotationVisibility = .shown
    ) {
        self.annotations = annotations
        self.format = format
        self.width = max(20, width)
        self.styled = styled
        self.section = section
        self.givenZone = timeZone
    }

    /// The zone's name, as the kept views are named by it (`viewVariant`): a given zone's
    /// identifier, or what the machine's is made from (``LocalZone``), which no identifier is.
    var zoneName: String {
        givenZone?.identifier ?? LocalZone.name
    }
}
