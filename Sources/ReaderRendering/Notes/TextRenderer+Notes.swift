import ReaderPluginAPI

extension TextRenderer {
    /// The mark of note `number` in the text and before the note: `✎1`.
    static func noteMark(_ number: Int) -> String { "\u{270E}\(number)" }

    /// A rendered block with its notes: the mark after the quote where the block's text shows
    /// it whole on one line (else at the block's first line), then each note under the block.
    func annotated(_ rendered: String, block: Block, notes: [PlacedNote]) -> String {
        guard !notes.isEmpty else { return rendered }
        var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for placed in notes where placed.placed == .text {
            let mark = bold.0 + Self.noteMark(placed.number) + bold.1
            if let quote = placed.note.quote, let line = lines.firstIndex(where: { NoteAnchors.quoteRange(quote, in: $0) != nil }),
                let range = NoteAnchors.quoteRange(quote, in: lines[line])
            {
                lines[line].insert(contentsOf: mark, at: range.upperBound)
            } else if !lines.isEmpty {
                // The quote wraps over lines: the mark where the block begins.
                lines[0] = mark + " " + lines[0]
            }
        }
        return (lines + notes.map(noteLines)).joined(separator: "\n")
    }

    /// A note as the text shows it: `  ✎1 text`, wrapped and indented under the block, and a
    /// line saying where its quote went when the document no longer holds it.
    func noteLines(_ placed: PlacedNote) -> String {
        let mark = Self.noteMark(placed.number) + " "
        var lines = Wrap.lines(
            placed.note.text.isEmpty ? "(highlight)" : placed.note.text, width: options.width - 4,
            first: "  " + bold.0 + mark + bold.1, rest: String(repeating: " ", count: 2 + mark.count))
        if placed.quoteLost, let quote = placed.note.quote {
            lines += Wrap.lines(
                "(quote no longer found: \u{201C}\(quote)\u{201D})", width: options.width - 4,
                first: String(repeating: " ", count: 2 + mark.count), rest: String(repeating: " ", count: 2 + mark.count))
        }
        return lines.joined(separator: "\n")
    }
}
