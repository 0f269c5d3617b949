import ArgumentParser
import ReaderKit

/// A number from outside the program (an option, an environment variable), taken only within
/// the range the program can work with: anything else — past the range, negative, not finite,
/// not a number — is refused in words (exit 64), never left to trap later in arithmetic
/// (`find --limit 3074457345618258602` multiplied by four) or to wrap (a memory budget in MiB
/// shifted into bytes).
enum OutsideNumber {
    /// The whole number `value` (named `name` in the refusal), when within `range`.
    static func check(_ value: Int, _ name: String, in range: ClosedRange<Int>, unit: String = "") throws -> Int {
        guard range.contains(value) else { throw refusal(name, "\(range.lowerBound)", "\(range.upperBound)", unit) }
        return value
    }

    /// The whole number `text` is, when within `range`.
    static func whole(_ text: String, _ name: String, in range: ClosedRange<Int>, unit: String = "") throws -> Int {
        guard let value = Int(text.trimmingWhitespace), range.contains(value) else {
            throw refusal(name, "\(range.lowerBound)", "\(range.upperBound)", unit, whole: true)
        }
        return value
    }

    /// The finite number `text` is, when within `range` (a number of seconds: `inf` and `nan`
    /// are refused too).
    static func real(_ text: String, _ name: String, in range: ClosedRange<Double>, unit: String = "") throws -> Double {
        guard let value = Double(text.trimmingWhitespace) else {
            throw refusal(name, shown(range.lowerBound), shown(range.upperBound), unit)
        }
        return try check(value, name, in: range, unit: unit)
    }

    /// `value`, when finite and within `range`.
    static func check(_ value: Double, _ name: String, in range: ClosedRange<Double>, unit: String = "") throws -> Double {
        guard value.isFinite, range.contains(value) else { throw refusal(name, shown(range.lowerBound), shown(range.upperBound), unit) }
        return value
    }

    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func refusal(_ name: String, _ low: String, _ high: String, _ unit: String, whole: Bool = false) -> ValidationError {
        ValidationError("\(name) must be \(whole ? "a whole number " : "")between \(low) and \(high)\(unit.isEmpty ? "" : " " + unit)")
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
