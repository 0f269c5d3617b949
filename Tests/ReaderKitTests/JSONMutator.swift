import ReaderTestSupport

/// Damages valid JSON the ways a stored blob gets damaged or edited: cut short, bytes flipped
/// or deleted, members deleted, repeated, renamed or given a value of another type, escapes
/// mangled. The spans of the original's values and members are found once, so that the
/// structural damage lands on real keys and values.
struct JSONMutator {
    let original: [UInt8]
    private(set) var values: [Range<Int>] = []
    private(set) var members: [(key: Range<Int>, value: Range<Int>)] = []
    private(set) var strings: [Range<Int>] = []

    init(_ original: [UInt8]) {
        self.original = original
        var index = 0
        value(&index)
    }

    /// One damaged copy, and what was done (for the failure message).
    func mutate(_ random: inout SeededRandom) -> (bytes: [UInt8], what: String) {
        var bytes = original
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            return (Array(bytes[..<position]), "truncated at \(position)")
        case 1:
            let byte = UInt8.random(in: 0...255, using: &random)
            bytes[position] = byte
            return (bytes, "byte \(position) set to \(byte)")
        case 2:
            let syntax = Array("{}[]\",:\\0123456789-+.eEtfnul \t\n/u".utf8)
            let byte = syntax[Int.random(in: 0..<syntax.count, using: &random)]
            bytes[position] = byte
            return (bytes, "byte \(position) set to '\(Character(Unicode.Scalar(byte)))'")
        case 3:
            let end = min(bytes.count, position + Int.random(in: 1...8, using: &random))
            bytes.removeSubrange(position..<end)
            return (bytes, "bytes \(position)..<\(end) deleted")
        case 4:
            guard let member = members.randomElement(using: &random) else { return (bytes, "nothing") }
            // The member and the comma that separates it from a neighbour.
            var range = member.key.lowerBound..<member.value.upperBound
            if range.upperBound < bytes.count, bytes[range.upperBound] == UInt8(ascii: ",") {
                range = range.lowerBound..<range.upperBound + 1
            } else if range.lowerBound > 0, bytes[range.lowerBound - 1] == UInt8(ascii: ",") {
                range = range.lowerBound - 1..<range.upperBound
            }
            bytes.removeSubrange(range)
            return (bytes, "member at \(member.key.lowerBound) deleted")
        case 5:
            guard let member = members.randomElement(using: &random), let other = values.randomElement(using: &random) else {
                return (bytes, "nothing")
            }
            // The same key again, with its own value or another one: the first must win.
            let value = Bool.random(using: &random) ? member.value : other
            let copy = [UInt8(ascii: ",")] + original[member.key] + [UInt8(ascii: ":")] + original[value]
            bytes.insert(contentsOf: copy, at: member.value.upperBound)
            return (bytes, "member at \(member.key.lowerBound) repeated with the value at \(value.lowerBound)")
        case 6:
            guard let value = values.randomElement(using: &random) else { return (bytes, "nothing") }
            let replacements = ["null", "true", "0", "-1.5", "2.0", "1e2", "\"x\"", "[]", "{}", "[{}]", "\"\\u00e9\"", "01", "1e400"]
            let replacement = replacements[Int.random(in: 0..<replacements.count, using: &random)]
            bytes.replaceSubrange(value, with: Array(replacement.utf8))
            return (bytes, "value at \(value.lowerBound) replaced by \(replacement)")
        case 7:
            guard let member = members.randomElement(using: &random) else { return (bytes, "nothing") }
            let inside = member.key.lowerBound + 1..<max(member.key.lowerBound + 1, member.key.upperBound - 1)
            let names = ["zz", "_0", "title", "text", "rule", "quote", "heading", "url", "t\\u0069tle", "T\\u00e9"]
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            bytes.replaceSubrange(inside, with: Array(name.utf8))
            return (bytes, "key at \(member.key.lowerBound) renamed \(name)")
        case 8:
            guard let value = values.randomElement(using: &random), let last = original[value].last,
                last == UInt8(ascii: "}") || last == UInt8(ascii: "]")
            else { return (bytes, "nothing") }
            bytes.insert(contentsOf: Array(" ,\n".utf8), at: value.upperBound - 1)
            return (bytes, "trailing comma in the container at \(value.lowerBound)")
        case 9:
            guard let first = values.randomElement(using: &random), let second = values.randomElement(using: &random),
                first.upperBound <= second.lowerBound
            else { return (bytes, "nothing") }
            bytes.replaceSubrange(second, with: original[first])
            bytes.replaceSubrange(first, with: original[second])
            return (bytes, "values at \(first.lowerBound) and \(second.lowerBound) swapped")
        case 10:
            guard let string = strings.randomElement(using: &random) else { return (bytes, "nothing") }
            let escapes = ["\\ud800", "\\udc00", "\\ud83c\\udfb6", "\\u00", "\\uZZZZ", "\\x", "\\u0000", "\\/", "\u{1}", "\u{7F}"]
            let escape = escapes[Int.random(in: 0..<escapes.count, using: &random)]
            let at = Int.random(in: string.lowerBound + 1..<string.upperBound, using: &random)
            bytes.insert(contentsOf: Array(escape.utf8), at: at)
            return (bytes, "\(escape) inserted at \(at)")
        default:
            let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]
            let sequence = invalid[Int.random(in: 0..<invalid.count, using: &random)]
            guard let string = strings.randomElement(using: &random) else { return (bytes, "nothing") }
            bytes.insert(contentsOf: sequence, at: string.upperBound - 1)
            return (bytes, "bytes \(sequence) inserted at \(string.upperBound - 1)")
        }
    }

    // The walk of the original, which is valid JSON.

    private mutating func space(_ index: inout Int) {
        while index < original.count, [0x20, 0x0A, 0x0D, 0x09].contains(original[index]) { index += 1 }
    }

    private mutating func value(_ index: inout Int) {
        space(&index)
        let start = index
        switch original[index] {
        case UInt8(ascii: "{"):
            index += 1
            space(&index)
            while original[index] != UInt8(ascii: "}") {
                space(&index)
                let keyStart = index
                string(&index)
                let key = keyStart..<index
                space(&index)
                index += 1  // ':'
                space(&index)
                let valueStart = index
                value(&index)
                members.append((key, valueStart..<index))
                space(&index)
                if original[index] == UInt8(ascii: ",") { index += 1 }
                space(&index)
            }
            index += 1
        case UInt8(ascii: "["):
            index += 1
            space(&index)
            while original[index] != UInt8(ascii: "]") {
                value(&index)
                space(&index)
                if original[index] == UInt8(ascii: ",") { index += 1 }
                space(&index)
            }
            index += 1
        case UInt8(ascii: "\""):
            string(&index)
        default:
            while index < original.count, !Array(",]} \n\r\t".utf8).contains(original[index]) { index += 1 }
        }
        values.append(start..<index)
    }

    private mutating func string(_ index: inout Int) {
        let start = index
        index += 1
        while original[index] != UInt8(ascii: "\"") { index += original[index] == UInt8(ascii: "\\") ? 2 : 1 }
        index += 1
        strings.append(start..<index)
    }
}
