/// Words in `class` and `id` attributes that tell content from page furniture
/// (Readability's lists). Matched as lowercase substrings, as its regular expressions do.
enum Hints {
    static let unlikely = words(
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote", "cookie", "consent", "newsletter", "subscribe"
    )
    static let maybeCandidate = words("and", "article", "body", "column", "content", "main", "mathjax", "shadow")
    static let positive = words(
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post",
        "text", "blog", "story"
    )
    static let negative = words(
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
        "skyscraper", "sponsor", "shopping", "tags", "widget", "cookie", "subscribe", "newsletter", "social",
        "popup", "nav", "menu"
    )
    static let byline = words("byline", "author", "dateline", "writtenby", "p-author")

    /// An inline style with `display: none` or `visibility: hidden`.
    static func hidesElement(_ style: String) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(style.utf8.count)
        for byte in style.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            compact.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return contains(compact, displayNone) || contains(compact, visibilityHidden)
    }

    private static let displayNone = Array("display:none".utf8)
    private static let visibilityHidden = Array("visibility:hidden".utf8)

    static func words(_ list: String...) -> [[UInt8]] { list.map { Array($0.utf8) } }

    static func matches(_ text: [UInt8], _ needles: [[UInt8]]) -> Bool {
        guard !text.isEmpty else { return false }
        for needle in needles where contains(text, needle) { return true }
        return false
    }

    /// Readability's "hid" rule: the word `hid` alone, not inside another word.
    static func hasHidToken(_ text: [UInt8]) -> Bool { hasToken(text, Array("hid".utf8), boundary: { $0 == 0x20 }) }

    /// `share` or `sharedaddy` as a word, where `_` also bounds words.
    static func hasShareToken(_ text: [UInt8]) -> Bool {
        let isWordByte: (UInt8) -> Bool = { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        }
        let bound: (UInt8) -> Bool = { !isWordByte($0) || $0 == 0x5F }
        return hasToken(text, Array("share".utf8), boundary: bound)
            || hasToken(text, Array("sharedaddy".utf8), boundary: bound)
    }

    static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: text, from: 0) != nil
    }

    private static func hasToken(_ text: [UInt8], _ word: [UInt8], boundary: (UInt8) -> Bool) -> Bool {
        var start = 0
        while let found = firstIndex(of: word, in: text, from: start) {
            let end = found + word.count
            let leftOK = found == 0 || boundary(text[found - 1])
            let rightOK = end == text.count || boundary(text[end])
            if leftOK && rightOK { return true }
            start = found + 1
        }
        return false
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, text.count - start >= needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = text.count - needle.count
        while index <= last {
            if text[index] == first {
                var offset = 1
                while offset < needle.count, text[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
