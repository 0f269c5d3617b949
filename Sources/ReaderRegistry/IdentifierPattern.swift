import ReaderPluginAPI

/// An ``Identifier``'s pattern and key template, read once when its module is registered: the
/// literal text around the placeholder, so that reading a word is a few character comparisons
/// (`reader open 793` reads its word against every built-in identifier; no regex is compiled).
package struct IdentifierPattern: Sendable {
    package enum Placeholder: Sendable { case number, name }

    /// The literal text before and after the placeholder, lower-cased; a space in it stands for
    /// any run of spaces, or none.
    let prefix: [Character]
    let suffix: [Character]
    let placeholder: Placeholder

    /// Nil for a pattern without exactly one placeholder, or with an unknown one.
    package init?(_ pattern: String) {
        let found = Identifier.placeholders(in: pattern)
        guard found.count == 1, let range = found.first?.range else { return nil }
        placeholder = found[0].placeholder == "{number}" ? .number : .name
        prefix = Array(pattern[..<range.lowerBound].lowercased())
        suffix = Array(pattern[range.upperBound...].lowercased())
        guard !prefix.contains("{"), !suffix.contains("{") else { return nil }
    }

    /// Whether the pattern is the placeholder alone (`{number}`): it reads any number, and is
    /// taken for a shorthand only where a number cannot mean something else.
    var isBare: Bool { prefix.isEmpty && suffix.isEmpty }

    /// Whether the literal text before the placeholder ends with a space (`rfc {number}`): the
    /// pattern may then be written as two command-line arguments, `rfc` `793`.
    var spansTwoWords: Bool { prefix.last == " " }

    /// The literal text before the placeholder without its spaces (`rfc`): a word that alone
    /// names nothing.
    var lead: String { String(prefix.filter { $0 != " " }) }

    /// The placeholder's value when `text` is read by the pattern: a number without its leading
    /// zeros (`rfc0793` → `793`), a name as written; nil when it is not.
    package func value(in text: String) -> String? {
        let characters = Array(text)
        guard let start = Self.skip(prefix, in: characters, from: 0) else { return nil }
        // The value runs up to where the suffix starts: the suffix is matched from the end.
        var end = characters.count
        var literal = suffix.count
        while literal > 0 {
            let wanted = suffix[literal - 1]
            if wanted == " " {
                while end > start, characters[end - 1] == " " { end -= 1 }
                literal -= 1
                continue
            }
            guard end > start, characters[end - 1].lowercased() == String(wanted) else { return nil }
            end -= 1
            literal -= 1
        }
        guard start < end else { return nil }
        let value = characters[start..<end]
        switch placeholder {
        case .number:
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let significant = value.drop { $0 == "0" }
            return significant.isEmpty ? "0" : String(significant)
        case .name:
            guard value.allSatisfy(Self.isNameCharacter) else { return nil }
            return String(value)
        }
    }

    /// The characters of a `{name}`: letters, digits and `-._:`.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "-._:".contains(character)
    }

    /// Where `text` goes on after `literal` (compared case-insensitively; a space in `literal`
    /// takes any run of spaces, or none); nil when it does not start with it.
    private static func skip(_ literal: [Character], in text: [Character], from start: Int) -> Int? {
        var index = start
        for wanted in literal {
            if wanted == " " {
                while index < text.count, text[index] == " " { index += 1 }
                continue
            }
            guard index < text.count, text[index].lowercased() == String(wanted) else { return nil }
            index += 1
        }
        return index
    }

    /// `template` with the placeholder replaced by `value`.
    package static func fill(_ template: String, _ value: String) -> String {
        Identifier.filling(template, with: value)
    }
}

/// An identifier's key template read backwards: `rfc/{number}` reads the key `rfc/9293` as the
/// value `9293`. Only the key the module gives is read (`rfc/09293` is not `rfc/9293`'s key).
package struct KeyTemplate: Sendable {
    let prefix: String
    let suffix: String
    let placeholder: IdentifierPattern.Placeholder

    package init?(_ template: String) {
        let found = Identifier.placeholders(in: template)
        guard found.count == 1, let range = found.first?.range else { return nil }
        placeholder = found[0].placeholder == "{number}" ? .number : .name
        prefix = String(template[..<range.lowerBound])
        suffix = String(template[range.upperBound...])
    }

    package func value(inKey key: String) -> String? {
        guard key.count > prefix.count + suffix.count, key.hasPrefix(prefix), key.hasSuffix(suffix) else { return nil }
        let value = key.dropFirst(prefix.count).dropLast(suffix.count)
        switch placeholder {
        case .number:
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), value.first != "0" else { return nil }
        case .name:
            guard value.allSatisfy(IdentifierPattern.isNameCharacter) else { return nil }
        }
        return String(value)
    }
}
