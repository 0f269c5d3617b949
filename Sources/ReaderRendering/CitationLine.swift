/// One line of a list of cited documents, as the text view of an RFC ends ("RFCs cited") and
/// `reader refs` lists both ways: what is cited, the command that opens it, and its title when
/// the stored index or catalog knows it — in columns, so that the eye runs down the titles.
public enum CitationLine {
    /// With a `width` (a terminal's), a longer line ends in "…" there: the title gives way.
    public static func text(_ label: String, command: String, title: String?, width: Int? = nil) -> String {
        let name = "  " + label
        let line =
            name.padding(toLength: max(12, name.count + 2), withPad: " ", startingAt: 0)
            + command.padding(toLength: max(20, command.count + 2), withPad: " ", startingAt: 0)
            + (title.map { "  \($0)" } ?? "")
        guard let width, line.count > width else { return line }
        return String(line.prefix(width - 1)) + "…"
    }
}
