/// Feed titles and summaries often hold HTML (escaped, or in CDATA): the reading view wants
/// the words only.
enum FeedText {
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…", "mdash": "—", "ndash": "–",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    ]

    /// Tags removed, entities decoded, white space collapsed.
    static func plain(_ html: String) -> String {
        var out = ""
        var inTag = false
        var entity: String?
        for character in html {
            if inTag {
                if character == ">" { inTag = false; out.append(" ") }
                continue
            }
            if var name = entity {
                if character == ";" {
                    out += decode(name) ?? "&\(name);"
                    entity = nil
                } else if name.count < 10, character.isLetter || character.isNumber || character == "#" {
                    name.append(character)
                    entity = name
                } else {
                    out += "&" + name
                    entity = nil
                    out.append(character)
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case "&": entity = ""
            default: out.append(character)
            }
        }
        if let entity { out += "&" + entity }
        return out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func decode(_ name: String) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        }
        if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) } }
        return entities[name]
    }
}
