import ReaderPluginAPI

/// An Internet-Draft's name and version as the IETF writes them: `draft-ietf-quic-transport-34`
/// is the name `draft-ietf-quic-transport`, version `34`. Names are lowercase letters, digits
/// and single hyphens; a version is two digits.
struct DraftName: Hashable, Sendable {
    var name: String
    var version: String?

    /// `draft-NAME-NN` (the catalog key and the archive's file name without `.txt`).
    var key: String? { version.map { "\(name)-\($0)" } }

    /// The longest name the IETF's tools accept is far shorter; this bounds a key.
    static let longestName = 200

    /// Reads a request argument: `draft-ietf-quic-transport-34`, `draft-ietf-quic-transport`,
    /// `DRAFT-…` (names are lowercase), `ietf-quic-transport-34` (`draft-` is added).
    static func parse(_ argument: String) throws -> DraftName {
        let trimmed = argument.trimmingCharacters(in: " ")
        guard !trimmed.isEmpty else {
            throw RequestError("draft: no draft named (such as draft-ietf-quic-transport-34)")
        }
        let shown = Self.printable(trimmed)
        guard trimmed.utf8.count <= longestName + 3 else {
            throw RequestError("draft: \"\(shown.prefix(60))…\" is too long for a draft's name")
        }
        var lower = trimmed.lowercased()
        if lower.hasSuffix(".txt") { lower.removeLast(4) }
        guard lower.unicodeScalars.allSatisfy({ Self.isNameCharacter($0) }) else {
            throw RequestError(
                "draft: \"\(shown)\" is not a draft's name: a name is letters, digits and hyphens (such as draft-ietf-quic-transport-34)")
        }
        if !lower.hasPrefix("draft-") { lower = "draft-" + lower }
        let parts = lower.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts.contains(where: \.isEmpty) else {
            throw RequestError("draft: \"\(shown)\" is not a draft's name (such as draft-ietf-quic-transport-34)")
        }
        guard let last = parts.last, last.allSatisfy(\.isNumber) else { return DraftName(name: lower, version: nil) }
        guard last.count == 2 else {
            throw RequestError(
                "draft: \"-\(last.prefix(12))\" is not a draft's version: versions are two digits, 00 to 99 (such as \(parts.dropLast().joined(separator: "-"))-07)"
            )
        }
        guard parts.count >= 4 else {
            throw RequestError("draft: \"\(shown)\" is not a draft's name (such as draft-ietf-quic-transport-34)")
        }
        return DraftName(name: parts.dropLast().joined(separator: "-"), version: String(last))
    }

    /// The draft a catalog key, a file name or a URL names: `draft-x-y-07`, `…/draft-x-y-07.txt`.
    static func inKey(_ key: String) -> DraftName? {
        let withoutQuery = key.split(separator: "?", maxSplits: 1).first.map(String.init) ?? key
        guard let last = withoutQuery.split(separator: "/").last else { return nil }
        guard let found = try? parse(String(last)), found.version != nil, last.lowercased().hasPrefix("draft-") else { return nil }
        return found
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// The argument as it may be shown on a terminal: what is not printable ASCII as `\u{…}`.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
