/// Numbers, as `JSONDecoder` reads them or as their text.
extension JSONReader {
    /// An `Int` as `JSONDecoder` reads one: digits that fit, or a number with a fraction or
    /// exponent whose value is whole (`2.0`, `1e2`). Past 2^53 such a number is refused here,
    /// where the decoder's answer depends on how it rounds.
    package mutating func int() throws -> Int {
        _ = try next("an integer")
        let start = index
        guard try numberToken("an integer") else {
            let value = try doubleValue(from: start)
            guard value.rounded(.towardZero) == value, value.magnitude < 9_007_199_254_740_992 else {
                throw JSONReadError(offset: start, reason: "a number that is not a whole number in range")
            }
            return Int(value)
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for byte in bytes[(negative ? start + 1 : start)..<index] {
            let digit = Int(byte &- 0x30)
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { throw JSONReadError(offset: start, reason: "an integer out of range") }
            value = sum
        }
        return value
    }

    package mutating func double() throws -> Double {
        _ = try next("a number")
        let start = index
        _ = try numberToken("a number")
        return try doubleValue(from: start)
    }

    /// A number's text as written (`782737772490600448`, `-1.5e3`), for values a Double would
    /// round, such as tweet ids.
    package mutating func numberText() throws -> String {
        _ = try next("a number")
        let start = index
        _ = try numberToken("a number")
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Moves past a number written as JSON's grammar has it; true when it has neither a fraction
    /// nor an exponent. What follows is left to the caller: `01` fails there, on the `1`.
    mutating func numberToken(_ expected: String) throws -> Bool {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, first &- 0x30 < 10 else {
            index = start
            throw failure(mismatch(expected))
        }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var integer = true
        if peek == UInt8(ascii: ".") {
            index += 1
            integer = false
            guard skipDigits() else { throw failure("a number without digits after its '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            integer = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw failure("a number without digits in its exponent") }
        }
        return integer
    }

    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek, byte &- 0x30 < 10 { index += 1 }
        return index > start
    }

    /// The number from `start` to `index` as a `Double`, which it must fit: `JSONDecoder`
    /// refuses one that overflows, and one that is not zero but rounds to zero.
    private func doubleValue(from start: Int) throws -> Double {
        let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else {
            throw JSONReadError(offset: start, reason: "a number too large for a Double")
        }
        if value == 0 {
            for byte in token {
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
                if byte &- 0x31 < 9 { throw JSONReadError(offset: start, reason: "a number too small for a Double") }
            }
        }
        return value
    }
}
