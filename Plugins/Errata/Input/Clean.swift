/// The text of a report as people should read it: `\r\n` as `\n`, the HTML entities the
/// RFC Editor's forms left in (`&quot;`, `&#233;`) as characters, control characters out.
enum Clean {
    static func text(_ raw: String, multiline: Bool) -> String {
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        var scalars = Array(raw.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars.removeFirst()
            switch scalar {
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                out += multiline ? "\n" : " "
            case "\n":
                out += multiline ? "\n" : " "
            case "\t":
                out += multiline ? "\t" : " "
            case "&":
                if let (character, length) = entity(scalars) {
                    out.unicodeScalars.append(character)
                    scalars.removeFirst(length)
                } else {
                    out += "&"
                }
            default:
                // Other control characters carry nothing a reader sees.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return multiline ? trimmedLines(out) : trimmed(out)
    }

    private static let named: [String: Unicode.Scalar] = [
        "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// An entity after `&`: the character and how many scalars it took (with its `;`).
    private static func entity(_ rest: ArraySlice<Unicode.Scalar>) -> (Unicode.Scalar, Int)? {
        guard let end = rest.prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(String.UnicodeScalarView(rest[rest.startIndex..<end]))
        let length = end - rest.startIndex + 1
        if let scalar = named[name] { return (scalar, length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value >= 0x20, let scalar = Unicode.Scalar(value), !(0x7F...0x9F).contains(value) else { return nil }
        return (scalar, length)
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Lines kept with their indentation (a quoted passage keeps its layout); blank lines at
    /// the start and end and spaces at line ends dropped.
    static func trimmedLines(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
