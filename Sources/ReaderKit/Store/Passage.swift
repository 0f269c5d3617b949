import ReaderPluginAPI

/// One piece of a document as the full-text index holds it, and as `reader find` answers
/// with it: a section of an RFC (from its heading to the next heading), a part of a page under
/// one heading, one tweet of a timeline. The text before a document's first heading is a
/// passage without a section.
///
/// The index stores no text (the document blob holds it): a passage is made again from the
/// document whenever its text is needed (a snippet, taking it out of the index), so this must
/// give the same passages for the same document every time. Changing how passages are cut
/// changes ``FullTextIndex/layoutVersion``, which rebuilds every index.
struct Passage: Equatable {
    /// The section's number (`3.2`), or for a tweet its id; nil for a heading without one.
    var number: String?
    /// The section's title, or the tweet's author (`@name`); nil before the first heading.
    var heading: String?
    var body: String
    /// A tweet (a post of a timeline), which `reader open` shows with its timeline, not alone.
    var isPost = false

    /// The passages of `document`, in reading order. A document with no body (the RFC index,
    /// whose entries `reader search` reads) has none.
    static func of(_ document: Document) -> [Passage] {
        cut(document, keeping: nil)
    }

    /// Passage `ordinal` of `document` (a hit's), without making the others' text.
    static func at(_ ordinal: Int, in document: Document) -> Passage? {
        let passages = cut(document, keeping: ordinal)
        return passages.indices.contains(ordinal) ? passages[ordinal] : nil
    }

    /// The passages, each with its body only when `keeping` is nil or its ordinal: a passage
    /// under a heading is one whatever its text, so only one without needs its text looked at.
    private static func cut(_ document: Document, keeping wanted: Int?) -> [Passage] {
        var passages: [Passage] = []
        var current = Passage(number: nil, heading: nil, body: "")
        var parts: [String] = []
        func close() {
            current.body = parts.joined(separator: "\n\n")
            if current.heading != nil || !current.body.isEmpty { passages.append(current) }
            parts = []
        }
        func needsText() -> Bool { wanted == nil || wanted == passages.count || current.heading == nil }
        for block in document.blocks {
            switch block {
            case .heading(_, let number, let title):
                close()
                current = Passage(number: number, heading: title, body: "")
            case .post(let post):
                // A timeline: every tweet is a passage of its own, its section the tweet.
                close()
                current = Passage(number: post.id, heading: "@" + post.author, body: "", isPost: true)
                parts = [Self.text(of: post)]
                close()
                current = Passage(number: nil, heading: nil, body: "")
            default:
                if needsText(), let text = block.plainText, !text.isEmpty { parts.append(text) }
            }
        }
        close()
        return passages
    }

    /// A tweet's words, with those of the tweet it reposts or quotes: a search for what a
    /// retweet says finds it.
    private static func text(of post: Post) -> String {
        var parts = [post.text]
        if let original = post.retweetOf { parts.append("@" + original.author + " " + text(of: original)) }
        if let quoted = post.quoted { parts.append("@" + quoted.author + " " + text(of: quoted)) }
        return parts.joined(separator: "\n\n")
    }
}
