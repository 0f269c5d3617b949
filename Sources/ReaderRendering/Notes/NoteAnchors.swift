import Foundation
import ReaderPluginAPI
import ReaderStore

/// Where a note stands in a document, as it is now: on the block that holds its quote
/// (`text`), else under its section's heading (`section`: the quote is no longer in the text,
/// or the note has none), else at the end (`end`). The same words as an erratum's `placed`.
public struct PlacedNote: Sendable, Equatable {
    public enum Placement: String, Sendable, Codable {
        case text, section, end
    }

    public var note: Note
    public var placed: Placement
    /// The block it is shown after; nil at the end.
    public var block: Int?
    /// Its number in the document, from 1, in the order notes are shown.
    public var number: Int

    /// Whether the note has a quote that the document no longer holds.
    public var quoteLost: Bool { note.quote != nil && placed != .text }
}

/// Finds each note's place in a document's blocks (``PlacedNote``). Knows no source: a
/// quote is matched against the blocks' plain text, words apart by any white space (an RFC's
/// line breaks, a page's), and a section by a heading's number or title.
public enum NoteAnchors {
    public static func place(_ notes: [Note], in blocks: [Block]) -> [PlacedNote] {
        let texts = blocks.map { $0.plainText ?? "" }
        var placed: [PlacedNote] = notes.map { note in
            let section = note.section.flatMap { sectionRange($0, in: blocks) }
            if let quote = note.quote {
                let range = section ?? blocks.indices
                if let found = range.first(where: { quoteRange(quote, in: texts[$0]) != nil })
                    ?? blocks.indices.first(where: { quoteRange(quote, in: texts[$0]) != nil })
                {
                    return PlacedNote(note: note, placed: .text, block: found, number: 0)
                }
            }
            if let section { return PlacedNote(note: note, placed: .section, block: section.lowerBound, number: 0) }
            return PlacedNote(note: note, placed: .end, block: nil, number: 0)
        }
        // Numbered in reading order: by block, the end last, then as written.
        let order = placed.indices.sorted { a, b in
            (placed[a].block ?? Int.max, a) < (placed[b].block ?? Int.max, b)
        }
        for (number, index) in order.enumerated() { placed[index].number = number + 1 }
        return order.map { placed[$0] }
    }

    /// Where `quote` stands in `text`, its words apart by any white space; nil when absent.
    public static func quoteRange(_ quote: String, in text: String) -> Range<String.Index>? {
        let words = quote.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let pattern = words.map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "\\s+")
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return Range(match.range, in: text)
    }

    /// The blocks of the section `wanted` names (a number, `3.2`, or a title), its heading
    /// first, up to the next heading of the same level or higher.
    public static func sectionRange(_ wanted: String, in blocks: [Block]) -> Range<Int>? {
        let name = Sections.normalize(wanted)
        guard
            let start = blocks.firstIndex(where: { block in
                guard case .heading(_, let number, let title) = block else { return false }
                return number.map(Sections.normalize) == name || title.lowercased() == name
            }), case .heading(let level, _, _) = blocks[start]
        else { return nil }
        var end = start + 1
        while end < blocks.count {
            if case .heading(let next, _, _) = blocks[end], next <= level { break }
            end += 1
        }
        return start..<end
    }

    /// The section a block is in: the number (or title) of the nearest heading before it.
    public static func section(of block: Int, in blocks: [Block]) -> String? {
        for index in stride(from: min(block, blocks.count - 1), through: 0, by: -1) {
            if case .heading(_, let number, let title) = blocks[index] { return number ?? title }
        }
        return nil
    }
}
