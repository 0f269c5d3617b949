import ReaderPluginAPI

/// One template of an ``Identifier`` cut at its placeholder: `RFC {number}` is the literal
/// `RFC `, a number, and nothing after. Read forwards (a value substituted) and backwards (a
/// key or a text read for its value), so that the site names, links and fetches documents of
/// any module from its plain values, without knowing the source.
struct Template: Sendable, Hashable {
    enum Placeholder: Sendable, Hashable {
        /// ASCII digits; leading zeros dropped.
        case number
        /// Letters, digits and `-._:`.
        case name
    }

    let prefix: String
    let placeholder: Placeholder
    let suffix: String

    /// Nil for a template without a placeholder.
    init?(_ text: String) {
        for (token, placeholder) in [("{number}", Placeholder.number), ("{name}", .name)] {
            if let range = text.range(of: token) {
                prefix = String(text[..<range.lowerBound])
                suffix = String(text[range.upperBound...])
                self.placeholder = placeholder
                return
            }
        }
        return nil
    }

    /// The template with `value` in place.
    func filled(_ value: String) -> String { prefix + value + suffix }

    /// The value `text` holds when the whole of it is this template, as a key is: normalized
    /// (`0793` → `793`); nil when it is not.
    func value(in text: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else { return nil }
        let middle = text.dropFirst(prefix.count).dropLast(suffix.count)
        return Self.normalized(middle, placeholder)
    }

    /// A value as the placeholder takes it: a number of 1 to 9 digits other than 0 (without
    /// its leading zeros), or a name of the allowed characters; nil otherwise.
    static func normalized(_ value: Substring, _ placeholder: Placeholder) -> String? {
        switch placeholder {
        case .number:
            guard (1...9).contains(value.count), value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(value),
                number > 0
            else { return nil }
            return String(number)
        case .name:
            guard (1...200).contains(value.count), value.unicodeScalars.allSatisfy(isNameScalar) else { return nil }
            return String(value)
        }
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._:".unicodeScalars.contains(scalar)
    }
}

extension Template {
    /// Whether a key is a web address (a page's key is its URL).
    static func isWebAddress(_ key: String) -> Bool {
        let lower = key.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
