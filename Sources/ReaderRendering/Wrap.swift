import ReaderSupport

/// Word wrapping for the reading view and `reader find`'s hits on a terminal.
public enum Wrap {
    /// `text` broken into lines of at most `width` columns (a word longer than the width gets
    /// a line of its own), the first line prefixed by `first`, the others by `rest`.
    /// The columns `text` takes: its characters, less the styling markers.
    public static func columns(_ text: some StringProtocol) -> Int {
        text.count - text.unicodeScalars.count(where: TerminalSanitizer.Style.isMarker)
    }

    /// The renderers' styling markers (``TerminalSanitizer/Style``) take no column.
    public static func lines(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineWidth = first.count
        var lineHasWord = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let wordWidth = columns(word)
            if lineHasWord && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = rest
                lineWidth = rest.count
                lineHasWord = false
            }
            if lineHasWord {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            lineHasWord = true
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }
}
