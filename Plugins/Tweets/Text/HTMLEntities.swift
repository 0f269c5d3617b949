/// The API escapes `&`, `<` and `>` in tweet text (and counts entity indices over the escaped
/// form), so the text is unescaped only after the entities are applied.
enum HTMLEntities {
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// Longest entity name or number worth looking for before a `;`.
    private static let maxLength = 8

    /// Appends `scalars` to `output` with `&amp;`, `&lt;`, `&#39;`, `&#x1F3B6;` … decoded.
    /// Anything that is not a known entity is copied as written.
    static func unescape(_ scalars: ArraySlice<Unicode.Scalar>, into output: inout String.UnicodeScalarView) {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "&", let (decoded, next) = entity(in: scalars, at: index) {
                output.append(decoded)
                index = next
            } else {
                output.append(scalar)
                index += 1
            }
        }
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = String.UnicodeScalarView()
        unescape(ArraySlice(text.unicodeScalars), into: &output)
        return String(output)
    }

    /// The entity starting at `ampersand` and the index after its `;`.
    private static func entity(
        in scalars: ArraySlice<Unicode.Scalar>, at ampersand: Int
    ) -> (Unicode.Scalar, Int)? {
        let limit = min(scalars.endIndex, ampersand + 2 + maxLength)
        guard let semicolon = scalars[(ampersand + 1)..<limit].firstIndex(of: ";"), semicolon > ampersand + 1 else {
            return nil
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[(ampersand + 1)..<semicolon])
        let body = String(name)
        if let scalar = named[body] { return (scalar, semicolon + 1) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, semicolon + 1)
    }
}
