import ReaderPluginAPI

/// Numbers, untyped values and skipped values, each as `JSONDecoder` treats them.
extension JSONByteReader {
    // MARK: Numbers

    /// An `Int` as `JSONDecoder` reads one: digits that fit, or a number with a fraction or
    /// exponent whose value is whole (`2.0`, `1e2`). Past 2^53 such a number is refused here,
    /// where the decoder's answer depends on how it rounds.
    mutating func int() throws -> Int {
        _ = try next("an integer")
        let start = index
        guard try numberToken("an integer") else {
            let value = try doubleValue(from: start)
            guard value.rounded(.towardZero) == value, value.magnitude < 9_007_199_254_740_992 else {
                throw DocumentJSONError(offset: start, reason: "a number that is not a whole number in range")
            }
            return Int(value)
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for byte in bytes[(negative ? start + 1 : start)..<index] {
            let digit = Int(byte &- 0x30)
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { throw DocumentJSONError(offset: start, reason: "an integer out of range") }
            value = sum
        }
        return value
    }

    mutating func double() throws -> Double {
        _ = try next("a number")
        let start = index
        _ = try numberToken("a number")
        return try doubleValue(from: start)
    }

    /// Moves past a number written as JSON's grammar has it; true when it has neither a fraction
    /// nor an exponent. What follows is left to the caller: `01` fails there, on the `1`.
    private mutating func numberToken(_ expected: String) throws -> Bool {
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
            throw DocumentJSONError(offset: start, reason: "a number too large for a Double")
        }
        if value == 0 {
            for byte in token {
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
                if byte &- 0x31 < 9 { throw DocumentJSONError(offset: start, reason: "a number too small for a Double") }
            }
        }
        return value
    }

    // MARK: Untyped values

    /// A value of a document's `extra`: strict everywhere, the first of two equal keys kept.
    mutating func jsonValue() throws -> JSONValue {
        switch try next("a value") {
        case UInt8(ascii: "n"):
            guard take("null") else { throw failure("expected a JSON value") }
            return .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try bool())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            var values: [JSONValue] = []
            var more = try openArray()
            while more {
                values.append(try jsonValue())
                more = try nextElement()
            }
            return .array(values)
        case UInt8(ascii: "{"): return .object(try jsonObject())
        default: return .number(try double())
        }
    }

    mutating func jsonObject() throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        var more = try openObject()
        while more {
            let name = try keyString()
            if members[name] == nil { members[name] = try jsonValue() } else { try skipValue() }
            more = try nextMember()
        }
        return members
    }

    private mutating func keyString() throws -> String {
        let key = try key()
        if let decoded = key.decoded { return String(decoding: decoded, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), as: UTF8.self)
    }

    // MARK: Skipped values

    /// Moves past a value nothing decodes (an unknown key's, a repeated key's) as loosely as
    /// `JSONDecoder`'s scanner does: its structure and literals must be right and its nesting
    /// within bounds, but its strings and keys are not decoded and its numbers are any run of
    /// number characters.
    mutating func skipValue() throws {
        switch try next("a value") {
        case UInt8(ascii: "{"):
            guard try openObject() else { return }
            repeat {
                guard try next("a key") == UInt8(ascii: "\"") else { throw failure("expected a key") }
                try skipString()
                guard try next("':'") == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
                index += 1
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try openArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): guard take("true") else { throw failure("expected a JSON value") }
        case UInt8(ascii: "f"): guard take("false") else { throw failure("expected a JSON value") }
        case UInt8(ascii: "n"): guard take("null") else { throw failure("expected a JSON value") }
        case let byte where byte == UInt8(ascii: "-") || byte &- 0x30 < 10:
            index += 1
            while let byte = peek,
                byte &- 0x30 < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            {
                index += 1
            }
        default: throw failure("expected a JSON value")
        }
    }

    /// A string only scanned: an escape hides the byte after its backslash, and a `\u` the four
    /// after it, none of which may be a quote.
    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw failure("a string is not closed") }
                guard bytes[index + 1] == UInt8(ascii: "u") else {
                    index += 2
                    continue
                }
                guard index + 6 <= bytes.count, !bytes[index + 2..<index + 6].contains(UInt8(ascii: "\"")) else {
                    throw failure("a \\u escape without four hex digits")
                }
                index += 6
            default:
                index += 1
            }
        }
        throw failure("a string is not closed")
    }
}
