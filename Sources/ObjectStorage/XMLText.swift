/// The few things read from S3's XML answers — an error's `Code` and `Message`, a listing's
/// `Key`s and continuation token — found by element name. The documents are small and flat,
/// and a full XML parser would bring libxml2 into a target that needs only this.
enum XMLText {
    /// The text of every `<name>…</name>` in `xml`, entities decoded, in order.
    static func values(of name: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = Substring(xml)
        let open = "<\(name)>"
        let close = "</\(name)>"
        while let start = rest.range(of: open) {
            guard let end = rest[start.upperBound...].range(of: close) else { break }
            found.append(decodeEntities(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    static func value(of name: String, in xml: String) -> String? {
        values(of: name, in: xml).first
    }

    /// The five predefined entities and numeric character references.
    static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let scalar: UInt32? =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let scalar, let character = Unicode.Scalar(scalar) {
                    result.unicodeScalars.append(character)
                } else {
                    result += rest[amp...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
