/// Where a text names a document by its label, read back from the modules' label templates:
/// `RFC {number}` finds `RFC 793`, `RFC793`, `[RFC-9110]` and `RFC 9110` with a no-break
/// space. The label's letters match as written; its space matches a space, a hyphen, a
/// no-break space or nothing. Written by hand, not as a regular expression: it runs over every
/// paragraph of every page.
struct Mentions: Sendable {
    struct Mention: Equatable {
        /// The whole mention, `RFC 793`, as Unicode scalar offsets into the text.
        var range: Range<Int>
        /// The catalog key it names (`rfc/793`).
        var key: String
    }

    private struct Reading: Sendable {
        var before: [Unicode.Scalar]
        var after: [Unicode.Scalar]
        var placeholder: Template.Placeholder
        var key: Template
    }

    private let readings: [Reading]

    /// Label and key templates; a label read twice (two patterns of one identifier) once.
    init(_ templates: [(label: Template, key: Template)]) {
        var seen: Set<Template> = []
        var readings: [Reading] = []
        for (label, key) in templates where !label.prefix.isEmpty && seen.insert(label).inserted {
            // A label with no letters before its value (`{number}` alone) would read every number.
            guard label.prefix.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0 == "@" || $0 == "#" }) else { continue }
            readings.append(
                Reading(
                    before: Array(label.prefix.unicodeScalars), after: Array(label.suffix.unicodeScalars), placeholder: label.placeholder,
                    key: key))
        }
        self.readings = readings
    }

    var isEmpty: Bool { readings.isEmpty }

    func find(in text: String) -> [Mention] {
        guard !readings.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        var found: [Mention] = []
        var index = 0
        while index < scalars.count {
            // A word of its own: "RFC" inside "XRFC" is not a mention.
            if index == 0 || !Self.isWordScalar(scalars[index - 1]) {
                for reading in readings where reading.before.first == scalars[index] {
                    if let (end, value) = Self.read(reading, scalars, at: index) {
                        found.append(Mention(range: index..<end, key: reading.key.filled(value)))
                        index = end - 1
                        break
                    }
                }
            }
            index += 1
        }
        return found
    }

    /// The end of the mention of `reading` at `start`, and its value.
    private static func read(_ reading: Reading, _ scalars: [Unicode.Scalar], at start: Int) -> (Int, String)? {
        guard let afterBefore = literal(reading.before, scalars, at: start) else { return nil }
        var end = afterBefore
        while end < scalars.count, end - afterBefore <= 200,
            reading.placeholder == .number ? ("0"..."9").contains(scalars[end]) : Template.isNameScalar(scalars[end])
        {
            end += 1
        }
        // A name does not take the sentence's period or colon.
        while reading.placeholder == .name, end > afterBefore, ".:".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
        guard end > afterBefore,
            let value = Template.normalized(Substring(String(String.UnicodeScalarView(scalars[afterBefore..<end]))), reading.placeholder)
        else { return nil }
        guard let last = literal(reading.after, scalars, at: end) else { return nil }
        guard last == scalars.count || !isWordScalar(scalars[last]) || !reading.after.isEmpty else { return nil }
        return (last, value)
    }

    /// Where `literal` ends when the text has it at `start`; its spaces as the type says.
    private static func literal(_ literal: [Unicode.Scalar], _ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var position = start
        for scalar in literal {
            if scalar == " " {
                if position < scalars.count, [" ", "-", "\u{00A0}"].contains(scalars[position]) { position += 1 }
                continue
            }
            guard position < scalars.count, scalars[position] == scalar else { return nil }
            position += 1
        }
        return position
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
