import ReaderPluginAPI

/// The passage text a hit shows: the stretch of a passage's words where the query's terms are
/// densest, white space run together, with where each matched word is.
///
/// Cut between Unicode scalars, never inside one (a Swift string cannot hold half a UTF-8
/// sequence), and at word ends, so a letter is never parted from its combining marks. Control
/// characters, bidi overrides and the renderers' styling markers become spaces: the snippet
/// is safe to mark up and to print (it still passes the sanitizer when printed).
public struct Snippet: Sendable, Equatable {
    public var text: String
    /// Matched words as `[start, end)` offsets in Unicode scalars of `text`.
    public var matches: [[Int]]

    /// How many words a snippet shows around its matches.
    static let words = 28

    static func make(_ body: String, _ query: FullTextQuery) -> Snippet {
        let scalars = Array(body.unicodeScalars)
        let tokens = WordTokens.tokens(of: body, folding: FullTextQuery.folding(for: query.required))
        guard !tokens.isEmpty else { return Snippet(text: "", matches: []) }
        let matched = FullTextQuery.matches(of: query.required, in: tokens)
        // The window of `words` words holding the most matched words (the first such).
        var best = 0
        var bestCount = -1
        var count = 0
        let width = Self.words
        for index in tokens.indices {
            if matched[index] { count += 1 }
            if index >= width, matched[index - width] { count -= 1 }
            let start = max(0, index - width + 1)
            if count > bestCount {
                bestCount = count
                best = start
            }
        }
        // Begin a few words before the first match, so that it is read in context.
        if let first = (best..<min(tokens.count, best + width)).first(where: { matched[$0] }) { best = max(0, first - 4) }
        let last = min(tokens.count, best + width) - 1
        let from = best == 0 ? 0 : tokens[best].start
        let to = last == tokens.count - 1 ? scalars.count : tokens[last].end

        var text = String.UnicodeScalarView()
        var length = 0
        var ranges: [[Int]] = []
        var pendingSpace = false
        if from > 0 {
            text.append("…")
            length += 1
        }
        var tokenIndex = best
        for offset in from..<to {
            let scalar = scalars[offset]
            if isSpace(scalar) {
                pendingSpace = length > 0
                continue
            }
            if pendingSpace {
                text.append(" ")
                length += 1
                pendingSpace = false
            }
            while tokenIndex <= last && tokens[tokenIndex].end <= offset { tokenIndex += 1 }
            if tokenIndex <= last && matched[tokenIndex] {
                if tokens[tokenIndex].start == offset { ranges.append([length, length]) }
                if tokens[tokenIndex].end == offset + 1 { ranges[ranges.count - 1][1] = length + 1 }
            }
            text.append(scalar)
            length += 1
        }
        if to < scalars.count { text.append("…") }
        return Snippet(text: String(text), matches: ranges)
    }

    /// White space, and what is shown as a space: controls, bidi overrides, styling markers.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x20, 0x7F...0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0xF8F0...0xF8F3:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }

    /// The snippet with its matches between the renderers' bold markers, for a terminal
    /// (``TerminalSanitizer`` makes them bold, or drops them in a pipe).
    public var marked: String {
        var scalars = Array(text.unicodeScalars)
        for range in matches.reversed() where range[0] <= range[1] && range[1] <= scalars.count {
            scalars.insert(TerminalSanitizer.Style.boldOff, at: range[1])
            scalars.insert(TerminalSanitizer.Style.boldOn, at: range[0])
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
