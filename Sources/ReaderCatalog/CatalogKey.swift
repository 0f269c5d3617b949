/// The one rule for what a catalog key may be, applied wherever a key is made or taken in: a
/// module's `locate` (built-in or third-party), a URL fetched, an entry pulled from a remote.
/// A key is shown on terminals and pages, printed one per line by `cache ls` and `find`,
/// named on command lines and stored in the catalog's JSON; so it is
///
/// - not empty, and at most ``maxLength`` bytes of UTF-8;
/// - printable: no control character (NUL, newline, ESC…), no format character (the bidi
///   overrides such as U+202E, zero-width ones), no line or paragraph separator, no white
///   space but the plain space, nothing private-use or unassigned;
/// - one of the shapes modules make: a URL (`scheme://…`), or a name that begins with its
///   module's request type — `rfc-index`, `rfc/793`, `tweets/search:swift` — made of
///   `/`-separated parts, none empty, `.` or `..` (so neither `/etc/passwd` nor `../../x`).
///
/// A key stored before this rule that breaks it can still be named: ``printable(_:)`` is how
/// `cache ls` shows it, and `cache rm` takes that form (``Store/remove(keys:)``).
public enum CatalogKey {
    /// Bytes of UTF-8 a key may have: a long URL fits, a page of text does not.
    public static let maxLength = 2048

    /// Why `key` is not a catalog key (nil when it is one). `sources`: the request types of
    /// the module the key is said to be of; a name key must begin with one of them (nil: any).
    public static func problem(_ key: String, sources: [String]? = nil) -> String? {
        if key.isEmpty { return "it is empty" }
        if key.utf8.count > maxLength { return "it is longer than \(maxLength) bytes" }
        if let bad = key.unicodeScalars.first(where: { !isPrintable($0) }) {
            return "it holds the character U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)), which is not printable"
        }
        if isURL(key) { return nil }
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "it is neither a URL nor a name made of non-empty parts (no '.', '..', leading or doubled '/')"
        }
        // `rfc/793`, `rfc-index`; a draft's `draft-ietf-quic-transport-34` (the name the IETF writes).
        if let sources, let first = parts.first, !sources.contains(where: { first == $0 || first.hasPrefix($0 + "-") }) {
            return "a name key begins with its source (\(sources.joined(separator: ", "))), not '\(first)'"
        }
        return nil
    }

    public static func isValid(_ key: String, sources: [String]? = nil) -> Bool {
        problem(key, sources: sources) == nil
    }

    /// The source a name key names itself by (`rfc` for `rfc/793`); nil for a URL.
    public static func source(of key: String) -> String? {
        guard !isURL(key) else { return nil }
        return key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// `key` as one line a terminal shows as written: a key that keeps the rule is itself;
    /// in one that does not, a backslash is doubled, every character the rule refuses is
    /// `\u{…}`, and the empty key is `""`. `cache rm` takes this form back.
    public static func printable(_ key: String) -> String {
        if key.isEmpty { return "\"\"" }
        guard key.unicodeScalars.contains(where: { !isPrintable($0) || $0 == "\\" }) else { return key }
        var text = ""
        for scalar in key.unicodeScalars {
            if scalar == "\\" {
                text += "\\\\"
            } else if isPrintable(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return text
    }

    static func isURL(_ key: String) -> Bool {
        guard let colon = key.range(of: "://") else { return false }
        let scheme = key[..<colon.lowerBound].unicodeScalars
        let letter = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = scheme.first, letter(first) else { return false }
        return scheme.allSatisfy { letter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return !scalar.properties.isWhitespace
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
