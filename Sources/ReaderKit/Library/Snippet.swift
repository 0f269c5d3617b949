import ReaderPluginAPI
import ReaderStore
import ReaderSupport

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
    /// The most bytes of text between a snippet's first word and its last.
    static let span = 240

    static func make(_ body: String, _ query: FullTextQuery) -> Snippet {
        let words = TextWords(body, TextWords.Query(query.required))
        guard words.count > 0 else { return Snippet(text: "", matches: []) }
        let matched = words.matches(of: query.required, TextWords.Query(query.required))
        // The window of `words` words holding the most matched words (the first such).
        var best = 0
        var bestCount = -1
        var count = 0
        let width = Self.words
        for index in 0..<words.count {
            if matched[index] { count += 1 }
            if index >= width, matched[index - width] { count -= 1 }
            let start = max(0, index - width + 1)
            if count > bestCount {
                bestCount = count
                best = start
            }
        }
        // Begin a few words before the first match, so that it is read in context.
        let firstMatch = (best..<min(words.count, best + width)).first(where: { matched[$0] })
        if let firstMatch { best = max(0, firstMatch - 4) }
        var last = min(words.count, best + width) - 1
        // Few words among much else (a figure's boxes, a table's rules) are cut to about two
        // lines of text, the first match kept: the words alone do not bound the length.
        let anchor = firstMatch ?? best
        while best < anchor, words.ends[anchor] - words.starts[best] > Self.span / 3 { best += 1 }
        while last > anchor, words.ends[last] - words.starts[best] > Self.span { last -= 1 }
        var body = body
        return body.withUTF8 { bytes in
            let from = best == 0 && words.starts[0] <= 8 ? 0 : words.starts[best]
            let to = last == words.count - 1 ? bytes.count : words.ends[last]
            // Written as UTF-8, with offsets counted in scalars.
            var text: [UInt8] = []
            text.reserveCapacity(to - from + 8)
            var length = 0
            var ranges: [[Int]] = []
            var pendingSpace = false
            if from > 0 {
                text += Self.ellipsis
                length += 1
            }
            var word = best
            var offset = from
            while offset < to {
                let (scalar, width) = bytes[offset] < 0x80 ? (Unicode.Scalar(bytes[offset]), 1) : WordTokens.decode(bytes, at: offset)
                defer { offset += width }
                if isSpace(scalar) {
                    pendingSpace = length > 0
                    continue
                }
                if pendingSpace {
                    text.append(0x20)
                    length += 1
                    pendingSpace = false
                }
                while word <= last && words.ends[word] <= offset { word += 1 }
                if word <= last && matched[word] {
                    if words.starts[word] == offset { ranges.append([length, length]) }
                    if words.ends[word] == offset + width, !ranges.isEmpty { ranges[ranges.count - 1][1] = length + 1 }
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + width)]))
                length += 1
            }
            if to < bytes.count { text += Self.ellipsis }
            return Snippet(text: String(decoding: text, as: UTF8.self), matches: ranges)
        }
    }

    private static let ellipsis = Array("…".utf8)

    /// White space, and what is shown as a space: controls, bidi overrides, styling markers.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x20 && scalar.value < 0x7F { return false }
        switch scalar.value {
        case 0x00...0x20, 0x7F...0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0xF8F0...0xF8F6:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }

    /// The snippet with its matches between the renderers' bold markers, for a terminal
    /// (``TerminalSanitizer`` makes them bold, or drops them in a pipe).
    public var marked: String {
        let scalars = Array(text.unicodeScalars)
        var marked: [UInt8] = []
        marked.reserveCapacity(text.utf8.count + matches.count * 8)
        func append(_ range: Range<Int>) {
            for scalar in scalars[range] { marked.append(contentsOf: scalar.utf8) }
        }
        var cursor = 0
        // Matches come in order and apart; one that does not is left plain.
        for range in matches where range.count == 2 && cursor <= range[0] && range[0] <= range[1] && range[1] <= scalars.count {
            append(cursor..<range[0])
            marked.append(contentsOf: TerminalSanitizer.Style.boldOn.utf8)
            append(range[0]..<range[1])
            marked.append(contentsOf: TerminalSanitizer.Style.boldOff.utf8)
            cursor = range[1]
        }
        append(cursor..<scalars.count)
        return String(decoding: marked, as: UTF8.self)
    }

}
