/// The lines of an RFC without its page furniture: footers (`Postel  [Page 12]`), form feeds,
/// running headers and the blank lines around them. A paragraph cut by a page break is joined
/// again; elsewhere a ``TextLine/Kind/pageGap`` line stands for the break.
struct Pagination {
    /// The cleaned lines.
    var lines: [TextLine] = []
    /// The running header lines that were removed, as written, without repeats.
    var runningHeaders: [String] = []

    private static let pageWord = Array("[page ".utf8)
    private static let rfcWord = Array("RFC ".utf8)

    init(_ layout: Layout) {
        let text = layout.text
        let source = text.lines
        let hasFormFeeds = source.contains { $0.kind == .formFeed }
        var isFooter = [Bool](repeating: false, count: source.count)
        for index in source.indices where Self.looksLikeFooter(source[index], text) {
            isFooter[index] = !hasFormFeeds || Self.endsPage(source, after: index)
        }
        let recurring = Self.recurringPageStarts(source, text, isFooter)

        var out: [TextLine] = []
        out.reserveCapacity(source.count)
        var seenHeaders: Set<String> = []
        var index = 0
        while index < source.count {
            let line = source[index]
            guard line.kind == .formFeed || isFooter[index] else {
                out.append(line)
                index += 1
                continue
            }
            var next = Self.skipBreak(source, from: index + 1)
            if next < source.count, Self.isRunningHeader(source[next], text, recurring) {
                var taken = 0
                while next < source.count, source[next].kind == .text, !source[next].isBlank, taken < 4 {
                    let header = text.content(source[next])
                    if seenHeaders.insert(header).inserted { runningHeaders.append(header) }
                    next += 1
                    taken += 1
                }
                next = Self.skipBreak(source, from: next)
            }
            while let last = out.last, last.isBlank { out.removeLast() }
            if next < source.count, !isFooter[next], source[next].kind == .text, let previous = out.last,
                !layout.continues(previous, with: source[next])
            {
                out.append(.pageGap)
            }
            index = next
        }
        lines = out
    }

    /// Skips form feeds and blank lines after a page's end.
    private static func skipBreak(_ lines: [TextLine], from start: Int) -> Int {
        var index = start
        while index < lines.count, lines[index].isBlank { index += 1 }
        return index
    }

    /// Whether only blank lines stand between the line and the next form feed or the end.
    private static func endsPage(_ lines: [TextLine], after index: Int) -> Bool {
        var next = index + 1
        while next < lines.count, lines[next].kind == .text, lines[next].isBlank { next += 1 }
        return next == lines.count || lines[next].kind == .formFeed
    }

    /// `Postel   [Page 12]`, `[Page 5]   RFC 9999`, `[page iii]`.
    static func looksLikeFooter(_ line: TextLine, _ text: SourceText) -> Bool {
        guard !line.isBlank, line.width <= 100 else { return false }
        let bytes = text.bytes
        if bytes[line.end - 1] == 0x5D, let open = lastOpenBracket(bytes, line) {
            let before = open - line.contentStart
            return isPageTag(bytes, open, line.end)
                && (before == 0 || (before >= 2 && bytes[open - 1] == ASCII.space && bytes[open - 2] == ASCII.space))
        }
        if bytes[line.contentStart] == 0x5B {
            var close = line.contentStart
            while close < line.end, bytes[close] != 0x5D { close += 1 }
            guard close < line.end, isPageTag(bytes, line.contentStart, close + 1) else { return false }
            return close + 1 == line.end
                || (close + 2 < line.end && bytes[close + 1] == ASCII.space && bytes[close + 2] == ASCII.space)
        }
        return false
    }

    private static func lastOpenBracket(_ bytes: [UInt8], _ line: TextLine) -> Int? {
        var index = line.end - 1
        while index > line.contentStart, line.end - index < 16 {
            index -= 1
            if bytes[index] == 0x5B { return index }
        }
        return bytes[line.contentStart] == 0x5B ? line.contentStart : nil
    }

    /// `[Page 12]` or `[page iii]` exactly between `start` and `end`.
    private static func isPageTag(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        guard end - start > pageWord.count + 1 else { return false }
        for (offset, byte) in pageWord.enumerated() where ASCII.lowercased(bytes[start + offset]) != byte {
            return false
        }
        let number = bytes[(start + pageWord.count)..<(end - 1)]
        return !number.isEmpty && number.allSatisfy { ASCII.isDigit($0) || "ivxlc".utf8.contains($0) }
    }

    /// The first lines of pages that begin several pages: those are running headers.
    private static func recurringPageStarts(_ lines: [TextLine], _ text: SourceText, _ isFooter: [Bool]) -> Set<String> {
        var counts: [String: Int] = [:]
        var starts: Set<Int> = []
        for index in lines.indices where lines[index].kind == .formFeed || isFooter[index] {
            let start = skipBreak(lines, from: index + 1)
            guard start < lines.count, !isFooter[start], starts.insert(start).inserted else { continue }
            counts[text.key(lines[start]), default: 0] += 1
        }
        return Set(counts.filter { $0.value > 1 }.keys)
    }

    /// A page's first line is a running header when it begins other pages too, or reads like one
    /// (`RFC 2616   HTTP/1.1   June 1999`).
    private static func isRunningHeader(_ line: TextLine, _ text: SourceText, _ recurring: Set<String>) -> Bool {
        guard line.kind == .text, !line.isBlank else { return false }
        if recurring.contains(text.key(line)) { return true }
        let bytes = text.bytes
        var index = line.contentStart
        guard line.end - index > 6, text.hasPrefix(line, rfcWord) else { return false }
        index += 4
        let digits = index
        while index < line.end, ASCII.isDigit(bytes[index]) { index += 1 }
        return index > digits && index + 3 < line.end && bytes[index] == ASCII.space && bytes[index + 1] == ASCII.space
    }
}
