import ReaderPluginAPI

/// One piece of a document as the full-text index holds it, and as `reader find` answers
/// with it: a section of an RFC (from its heading to the next heading), a part of a page under
/// one heading, one tweet of a timeline. The text before a document's first heading is a
/// passage without a section.
///
/// The index stores no text (the document blob holds it): a passage is made again from its
/// blocks whenever its text is needed (a snippet, a phrase to check, taking it out of the
/// index), so this must give the same passages for the same document every time. Changing
/// how passages are cut changes ``FullTextIndex/layoutVersion``, which rebuilds every index.
package struct Passage: Equatable {
    /// The section's number (`3.2`), or for a tweet its id; nil for a heading without one.
    package var number: String?
    /// The section's title, or the tweet's author (`@name`); nil before the first heading.
    package var heading: String?
    package var body: String
    /// A tweet (a post of a timeline), which `reader open --section ID` shows alone.
    package var isPost = false
    /// A tweet's date as the source gives it, for naming the tweet in a hit (not indexed).
    package var postedAt: String?
    /// Where it starts among the document's blocks: the index keeps this, and reads only the
    /// passage's own blocks again for a snippet (``blocks(from:)``).
    var firstBlock = 0

    /// The passages of `document`, in reading order. A document with no body (the RFC index,
    /// whose entries `reader search` reads) has none.
    static func of(_ document: Document) -> [Passage] {
        var passages: [Passage] = []
        forEach(in: document) { passages.append($0) }
        return passages
    }

    /// Each passage of `document` in turn, as ``of(_:)`` gives them, none kept: indexing a feed
    /// of a hundred thousand entries held all their texts at once (28 MB of its fetch's peak).
    static func forEach(in document: Document, _ body: (Passage) -> Void) {
        forEachBody(in: document) { passage, text in
            var passage = passage
            passage.body = String(decoding: text, as: UTF8.self)
            body(passage)
        }
    }

    /// Each passage of `document` as ``forEach(in:_:)`` gives them, its body left empty and
    /// given instead as UTF-8, in one buffer used again for the next: what the full-text index
    /// cuts into words, with no string made of each block and each passage.
    static func forEachBody(in document: Document, _ body: (Passage, [UInt8]) -> Void) {
        let blocks = document.blocks
        var start = 0
        var text: [UInt8] = []
        while start < blocks.count {
            let end = self.end(of: blocks, from: start)
            text.removeAll(keepingCapacity: true)
            let passage = make(blocks[start..<end], firstBlock: start, body: &text)
            if passage.heading != nil || !text.isEmpty { body(passage, text) }
            start = end
        }
    }

    /// Whether `block`, after the first of a passage, ends it: a heading or a tweet starts
    /// another.
    static func ends(_ block: Block) -> Bool {
        switch block {
        case .heading, .post: return true
        default: return false
        }
    }

    /// The passage made of `blocks`, the blocks from its first to the one before the next
    /// passage's (see ``ends(_:)``), as ``of(_:)`` makes it.
    static func make(_ blocks: ArraySlice<Block>, firstBlock: Int) -> Passage {
        var text: [UInt8] = []
        var passage = make(blocks, firstBlock: firstBlock, body: &text)
        passage.body = String(decoding: text, as: UTF8.self)
        return passage
    }

    /// ``make(_:firstBlock:)`` with the body appended to `text` as UTF-8 and left out of the
    /// passage: the plain text of each block after the heading that has any, a blank line
    /// between.
    private static func make(_ blocks: ArraySlice<Block>, firstBlock: Int, body text: inout [UInt8]) -> Passage {
        var passage = Passage(number: nil, heading: nil, body: "", firstBlock: firstBlock)
        var rest = blocks
        switch blocks.first {
        case .heading(_, let number, let title)?:
            passage.number = number
            passage.heading = title
            rest = blocks.dropFirst()
        case .post(let post)?:
            // A timeline: every tweet is a passage of its own, its section the tweet.
            passage.number = post.id
            passage.heading = "@" + post.author
            passage.isPost = true
            passage.postedAt = post.createdAt
            text.append(contentsOf: Self.text(of: post).utf8)
            return passage
        default:
            break
        }
        let origin = text.count
        for block in rest {
            let mark = text.count
            if mark > origin { text.append(contentsOf: [0x0A, 0x0A]) }
            let start = text.count
            // A block without text, or with empty text, adds nothing, not even a blank line.
            if !block.appendPlainText(to: &text) || text.count == start { text.removeSubrange(mark...) }
        }
        return passage
    }

    private static func end(of blocks: [Block], from start: Int) -> Int {
        if case .post = blocks[start] { return start + 1 }
        var end = start + 1
        while end < blocks.count && !ends(blocks[end]) { end += 1 }
        return end
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
