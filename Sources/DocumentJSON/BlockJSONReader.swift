import ReaderJSON
import ReaderPluginAPI

/// Blocks, runs and posts read from a stored document's JSON, in the shapes Swift's synthesized
/// `Codable` gives them: a block is an object with exactly one known key, the case, whose value
/// holds the associated values under their labels (`_0` when unlabelled).
extension JSONReader {
    private static let blockKeys: [StaticString] = [
        "heading", "image", "list", "paragraph", "post", "preformatted", "quote", "rule", "table",
    ]

    mutating func block() throws -> Block {
        var block: Block?
        var kind: Int?
        var more = try openObject()
        while more {
            let key = try key()
            switch (match(key, Self.blockKeys), kind) {
            case (.some(let found), nil):
                kind = found
                block = try blockCase(found)
            case (.some(let found), .some(let chosen)) where found != chosen:
                throw failure("a block of two kinds")
            default:
                // An unknown key, or the first kind again: `JSONDecoder` reads neither.
                try skipValue()
            }
            more = try nextMember()
        }
        guard let block else { throw failure("a block of no known kind") }
        return block
    }

    private mutating func blockCase(_ kind: Int) throws -> Block {
        switch kind {
        case 0: return try heading()
        case 1:
            let (alt, blob, caption, url) = try members4(Self.imageKeys) { try $0.optionalString() }
            return .image(alt: alt ?? nil, url: url ?? nil, caption: caption ?? nil, blob: blob ?? nil)
        case 2: return try list()
        case 3: return .paragraph(try only("paragraph") { try $0.array { try $0.inline() } })
        case 4: return .post(try only("post") { try $0.post() })
        case 5: return try preformatted()
        case 6: return .quote(try only("quote") { try $0.array { try $0.block() } })
        case 7:
            // No associated value, but still an object, whose keys are decoded.
            var more = try openObject()
            while more {
                _ = try key()
                try skipValue()
                more = try nextMember()
            }
            return .rule
        default: return try table()
        }
    }

    private static let imageKeys: [StaticString] = ["alt", "blob", "caption", "url"]
    private static let unlabelledKeys: [StaticString] = ["_0"]

    /// An object of at most two known keys read alike; nil for a key that is absent.
    private mutating func members<T>(
        _ names: [StaticString], _ read: (inout JSONReader) throws -> T
    ) throws -> (T?, T?) {
        var first: T?, second: T?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(names, &seen) {
            case 0: first = try read(&self)
            case 1: second = try read(&self)
            default: try skipValue()
            }
            more = try nextMember()
        }
        return (first, second)
    }

    /// ``members(_:_:)`` of four values of one type (a picture's).
    private mutating func members4<T>(
        _ names: [StaticString], _ read: (inout JSONReader) throws -> T
    ) throws -> (T?, T?, T?, T?) {
        var values: [T?] = [nil, nil, nil, nil]
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            if let index = try field(names, &seen), index < 4 { values[index] = try read(&self) } else { try skipValue() }
            more = try nextMember()
        }
        return (values[0], values[1], values[2], values[3])
    }

    /// The object of a case with one unlabelled value, `{"_0": …}`.
    private mutating func only<T>(_ kind: String, _ read: (inout JSONReader) throws -> T) throws -> T {
        guard let value = try members(Self.unlabelledKeys, read).0 else { throw missing("_0", in: "a \(kind) block") }
        return value
    }

    private static let headingKeys: [StaticString] = ["level", "number", "title"]

    private mutating func heading() throws -> Block {
        var level: Int?, number: String?, title: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.headingKeys, &seen) {
            case 0: level = try int()
            case 1: number = try optionalString()
            case 2: title = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let level else { throw missing("level", in: "a heading") }
        guard let title else { throw missing("title", in: "a heading") }
        return .heading(level: level, number: number, title: title)
    }

    private static let listKeys: [StaticString] = ["items", "ordered"]

    private mutating func list() throws -> Block {
        var items: [[Block]]?, ordered: Bool?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.listKeys, &seen) {
            case 0: items = try array { try $0.array { try $0.block() } }
            case 1: ordered = try bool()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let items else { throw missing("items", in: "a list") }
        guard let ordered else { throw missing("ordered", in: "a list") }
        return .list(ordered: ordered, items: items)
    }

    private static let preformattedKeys: [StaticString] = ["_0", "language"]

    private mutating func preformatted() throws -> Block {
        var text: String?, language: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.preformattedKeys, &seen) {
            case 0: text = try string()
            case 1: language = try optionalString()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let text else { throw missing("_0", in: "a preformatted block") }
        return .preformatted(text, language: language)
    }

    private static let tableKeys: [StaticString] = ["header", "rows"]

    private mutating func table() throws -> Block {
        var header: Bool?, rows: [[String]]?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.tableKeys, &seen) {
            case 0: header = try bool()
            case 1: rows = try array { try $0.strings() }
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let header else { throw missing("header", in: "a table") }
        guard let rows else { throw missing("rows", in: "a table") }
        return .table(rows: rows, header: header)
    }

    private static let inlineKeys: [StaticString] = ["link", "style", "text"]

    mutating func inline() throws -> Inline {
        var link: Int?, style: Inline.Style?, text: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.inlineKeys, &seen) {
            case 0: link = try null() ? nil : try int()
            case 1:
                let start = index
                guard let known = Inline.Style(rawValue: try string()) else {
                    throw JSONReadError(offset: start, reason: "an unknown style")
                }
                style = known
            case 2: text = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let style else { throw missing("style", in: "a run of text") }
        guard let text else { throw missing("text", in: "a run of text") }
        return Inline(text, style: style, link: link)
    }

    private static let postKeys: [StaticString] = [
        "author", "authorName", "createdAt", "id", "links", "media", "quotedPosts", "reposted", "text",
    ]

    mutating func post() throws -> Post {
        var author: String?, authorName: String?, createdAt: String?, id: String?, links: [Link]?, media: [String]?
        var quotedPosts: [Post]?, reposted: [Post]?, text: String?
        var seen: UInt32 = 0
        var more = try openObject()
        while more {
            switch try field(Self.postKeys, &seen) {
            case 0: author = try string()
            case 1: authorName = try optionalString()
            case 2: createdAt = try optionalString()
            case 3: id = try string()
            case 4: links = try array { try $0.link() }
            case 5: media = try strings()
            case 6: quotedPosts = try array { try $0.post() }
            case 7: reposted = try array { try $0.post() }
            case 8: text = try string()
            default: try skipValue()
            }
            more = try nextMember()
        }
        guard let author else { throw missing("author", in: "a post") }
        guard let id else { throw missing("id", in: "a post") }
        guard let links else { throw missing("links", in: "a post") }
        guard let media else { throw missing("media", in: "a post") }
        guard let quotedPosts else { throw missing("quotedPosts", in: "a post") }
        guard let reposted else { throw missing("reposted", in: "a post") }
        guard let text else { throw missing("text", in: "a post") }
        return Post(
            id: id, author: author, authorName: authorName, createdAt: createdAt, text: text, media: media, links: links,
            reposted: reposted, quotedPosts: quotedPosts)
    }
}
