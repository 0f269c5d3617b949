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
    /// The time zone post times are shown in.
    public var timeZone: TimeZone
    /// Which annotations of other documents (errata) the view shows.
    public var annotations: AnnotationVisibility
    /// Where the stored pictures are for Markdown (`export --format markdown`, which writes them
    /// beside its file): a picture's blob name to the path a picture points at. A picture not
    /// in it points at its address.
    public var picturePaths: [String: String] = [:]

    public init(
        format: Format = .text, width: Int = 80, styled: Bool = true, section: String? = nil, timeZone: TimeZone = .current,
        annotations: AnnotationVisibility = .shown
    ) {
        self.annotations = annotations
        self.format = format
        self.width = max(20, width)
        self.styled = styled
        self.section = section
        self.timeZone = timeZone
    }
}
