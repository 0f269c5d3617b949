/// Tweet text indexed by Unicode code points: the unit of v1.1 `indices` and v2 `start`/`end`
/// (not UTF-16 units, not bytes, so an emoji such as U+1F3B6 counts as one).
struct CodePoints {
    let scalars: [Unicode.Scalar]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var count: Int { scalars.count }

    /// `text[start..<end]` counted in code points; nil when the range falls outside the text.
    func slice(_ range: Range<Int>) -> String? {
        guard range.lowerBound >= 0, range.upperBound <= scalars.count else { return nil }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// Whether `text[start..<end]` is exactly `expected`: the check that an entity's indices
    /// really point at its t.co link (in truncated text they may point at "…" instead).
    func slice(_ range: Range<Int>, is expected: String) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= scalars.count else { return false }
        return scalars[range].elementsEqual(expected.unicodeScalars)
    }

    /// A `[start, end]` pair from the API (numbers, or strings in the archive) as a range.
    static func range(_ pair: JSON?) -> Range<Int>? {
        guard let values = pair?.array, values.count == 2, let start = values[0].int, let end = values[1].int,
            start >= 0, start <= end
        else { return nil }
        return start..<end
    }

    /// A v2 entity's `start`/`end` as a range.
    static func range(start: JSON?, end: JSON?) -> Range<Int>? {
        guard let start = start?.int, let end = end?.int, start >= 0, start <= end else { return nil }
        return start..<end
    }
}
