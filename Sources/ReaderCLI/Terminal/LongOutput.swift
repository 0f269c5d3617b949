import Foundation
import ReaderKit

/// The lists a command prints (`search`, `list`, `refs`, `find`, `cache ls`): on a terminal,
/// one longer than the screen goes through the pager as git pages its logs (``Pager``:
/// `$PAGER`, `LESS=FRX`), so that the best results are not scrolled away; a shorter one, a
/// pipe or a dumb terminal gets the lines as they are.
enum LongOutput {
    static func print(_ text: String) {
        let text = text.hasSuffix("\n") ? text : text + "\n"
        guard let screen, Terminal.stdoutIsTerminal, !Terminal.isDumb, rows(text, columns: screen.columns) >= screen.rows else {
            return Terminal.print(text)
        }
        // `less -F` would also quit at once on a text that fits; counting first spares a
        // pager that has no -F (`PAGER=more`) and the spawn itself.
        Open.show([text], noPager: false)
    }

    /// The rows `text` takes on a screen as wide as the terminal: a line longer than the width
    /// wraps onto more (styling markers take no column).
    static func rows(_ text: String, columns: Int) -> Int {
        let width = max(1, columns)
        var total = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            total += max(1, (Wrap.columns(line) + width - 1) / width)
        }
        return total
    }

    /// The terminal's size; nil when stdout is not a terminal.
    private static var screen: (rows: Int, columns: Int)? {
        var size = winsize()
        guard Terminal.stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0
        else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
