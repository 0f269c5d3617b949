/// A shorthand people type for documents of a module (`793`, `rfc 793`, `bcp 14`, `@jack`), with
/// the request, catalog key and label it stands for: plain values, so that the engine resolves
/// `reader open 793`, links a key it meets to a label, and writes the command that opens a
/// key, without calling the module (and without knowing its source).
///
/// A pattern is literal text, compared case-insensitively, around one placeholder:
/// `{number}` (ASCII digits; leading zeros dropped, so `rfc0793` is `rfc 793`) or `{name}`
/// (letters, digits and `-._:`). A space in the pattern matches a space, nothing, or the gap
/// between two command-line arguments: `rfc {number}` reads `rfc 793`, `RFC793` and `rfc` `793`.
/// `{number}` alone reads a bare number; when two modules both read a word, the engine refuses
/// it and names both.
///
/// The other three fields are templates in which the placeholder's value is substituted:
/// ``argument`` is what ``ParserModule/locate(_:settings:)`` gets, ``key`` the catalog key
/// the module's location gives that request, ``label`` how lists and links name it. The key
/// template is read backwards too: a relation's target key `rfc/9293` is labelled `RFC 9293`
/// and offered as `reader open 9293` though the document is not stored.
public struct Identifier: Sendable, Hashable, Codable {
    public var pattern: String
    /// The request type the shorthand names (`rfc`).
    public var requestType: String
    public var argument: String
    public var key: String
    public var label: String
    /// Addresses at which the documents are published, with the placeholder
    /// (`https://www.rfc-editor.org/rfc/rfc{number}.txt`): a link to one, in a page the site
    /// shows, opens the stored document there. Compared without the scheme and case.
    public var published: [String]

    public init(
        pattern: String, requestType: String, argument: String? = nil, key: String, label: String, published: [String] = []
    ) {
        self.published = published
        self.pattern = pattern
        self.requestType = requestType
        self.argument = argument ?? (Self.holds("{name}", pattern) ? "{name}" : "{number}")
        self.key = key
        self.label = label
    }
}

extension Identifier {
    private enum CodingKeys: String, CodingKey {
        case pattern, requestType, argument, key, label, published
    }

    // By hand for `published`: a module library built before it sends none, and one that
    // declares none is written as before it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pattern: try container.decode(String.self, forKey: .pattern),
            requestType: try container.decode(String.self, forKey: .requestType),
            argument: try container.decode(String.self, forKey: .argument), key: try container.decode(String.self, forKey: .key),
            label: try container.decode(String.self, forKey: .label),
            published: try container.decodeIfPresent([String].self, forKey: .published) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(requestType, forKey: .requestType)
        try container.encode(argument, forKey: .argument)
        try container.encode(key, forKey: .key)
        try container.encode(label, forKey: .label)
        if !published.isEmpty { try container.encode(published, forKey: .published) }
    }
}

extension Identifier {
    /// `template` with its placeholder (`{number}` or `{name}`) replaced by `value`:
    /// `filling("rfc/{number}", with: "793")` is `rfc/793`.
    ///
    /// Written with the standard library alone: Foundation's `replacingOccurrences` bridges
    /// through `NSString`, whose first use costs a start-up `reader open` pays (the runtime's
    /// conformance lookups), and every command fills templates before it starts.
    public static func filling(_ template: String, with value: String) -> String {
        var out = ""
        var rest = template.startIndex
        for found in placeholders(in: template) {
            out += template[rest..<found.range.lowerBound]
            out += value
            rest = found.range.upperBound
        }
        return out + template[rest...]
    }

    /// Whether `template` holds `placeholder`: every module's identifiers are made at start-up,
    /// and the array ``placeholders(in:)`` makes is a generic type the runtime looks up by name
    /// the first time (1 % of a `reader find`).
    private static func holds(_ placeholder: String, _ template: String) -> Bool {
        var rest = template[...]
        while let brace = rest.firstIndex(of: "{") {
            if rest[brace...].hasPrefix(placeholder) { return true }
            rest = rest[rest.index(after: brace)...]
        }
        return false
    }

    /// The placeholders of `template` (`{number}`, `{name}`) in order, with where each is.
    ///
    /// Found by stepping from `{` to `{`, not with `ranges(of:)` or `contains(_:)`: the first
    /// substring search of a process builds `_StringProcessing`'s searcher and its generic
    /// types, 4 % of a `reader find`, and every command reads the built-in identifiers first.
    package static func placeholders(in template: String) -> [(range: Range<String.Index>, placeholder: String)] {
        var found: [(range: Range<String.Index>, placeholder: String)] = []
        var rest = template[...]
        while let brace = rest.firstIndex(of: "{") {
            let tail = rest[brace...]
            if let placeholder = ["{number}", "{name}"].first(where: { tail.hasPrefix($0) }) {
                let end = tail.index(brace, offsetBy: placeholder.count)
                found.append((brace..<end, placeholder))
                rest = tail[end...]
            } else {
                rest = tail.dropFirst()
            }
        }
        return found
    }
}
