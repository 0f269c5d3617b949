/// `diff --format json` and the site's `/api/diff`: the contract's `a`, `b` and `sections`
/// (`change`, `a`/`b` as `number` and `title` or null, `words` added and removed).
extension DocumentDiff: Encodable {
    private enum Keys: String, CodingKey { case a, b, sections, change, words, added, removed, number, title }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(a, forKey: .a)
        try object.encode(b, forKey: .b)
        var sections = object.nestedUnkeyedContainer(forKey: .sections)
        for part in parts {
            var item = sections.nestedContainer(keyedBy: Keys.self)
            try item.encode(part.change.rawValue, forKey: .change)
            try Self.side(part.a, .a, into: &item)
            try Self.side(part.b, .b, into: &item)
            var words = item.nestedContainer(keyedBy: Keys.self, forKey: .words)
            try words.encode(part.added, forKey: .added)
            try words.encode(part.removed, forKey: .removed)
        }
    }

    /// A side that is absent is null, not missing: the keys are always there.
    private static func side(_ side: Side?, _ key: Keys, into object: inout KeyedEncodingContainer<Keys>) throws {
        guard let side else { return try object.encodeNil(forKey: key) }
        var nested = object.nestedContainer(keyedBy: Keys.self, forKey: key)
        try nested.encode(side.number, forKey: .number)
        try nested.encode(side.title, forKey: .title)
    }
}
