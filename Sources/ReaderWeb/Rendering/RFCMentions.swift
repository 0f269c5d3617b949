/// Where a text names an RFC: `RFC 793`, `RFC793`, `[RFC-9110]`, `RFC 9110`'s no-break space.
/// Written by hand, not as a regular expression: it runs over every paragraph of every page.
enum RFCMentions {
    struct Mention: Equatable {
        /// The whole mention, `RFC 793`, as Unicode scalar offsets into the text.
        var range: Range<Int>
        var number: Int
    }

    static func find(in text: String) -> [Mention] {
        let scalars = Array(text.unicodeScalars)
        var found: [Mention] = []
        var index = 0
        while index + 3 < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "R", scalars[index + 1] == "F", scalars[index + 2] == "C" else { continue }
            // A word of its own: "RFC" inside "XRFC" or "RFCs" is not a mention.
            if index > 0, isWordScalar(scalars[index - 1]) { continue }
            var digitStart = index + 3
            if digitStart < scalars.count, [" ", "-", "\u{00A0}"].contains(scalars[digitStart]) { digitStart += 1 }
            var digitEnd = digitStart
            while digitEnd < scalars.count, digitEnd - digitStart < 6, ("0"..."9").contains(scalars[digitEnd]) { digitEnd += 1 }
            let digits = digitEnd - digitStart
            guard (1...5).contains(digits), digitEnd == scalars.count || !isWordScalar(scalars[digitEnd]) else { continue }
            var number = 0
            for scalar in scalars[digitStart..<digitEnd] { number = number * 10 + Int(scalar.value - 48) }
            guard number > 0 else { continue }
            found.append(Mention(range: index..<digitEnd, number: number))
            index = digitEnd - 1
        }
        return found
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
