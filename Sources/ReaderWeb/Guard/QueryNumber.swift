import ReaderKit

/// A number from a query string, range-checked before any page uses it: a value out of range,
/// or not a whole number, is refused in words (400), never clamped silently and never let
/// through to arithmetic — `/index?limit=9223372036854775807` overflowed `count + size - 1`
/// and killed the server (issue 28).
enum QueryNumber {
    /// `fields[name]` as a number in `range`; nil when absent or empty (no filter).
    static func read(_ fields: FormFields, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = fields[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
            throw ReaderError.usage(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(shown)'")
        }
        return number
    }
}
