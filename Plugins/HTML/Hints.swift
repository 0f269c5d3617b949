/// Words in `class` and `id` attributes that tell content from page furniture
/// (Readability's lists). Matched as ASCII-lowercase substrings, as its regular expressions do,
/// once per attribute while the page is parsed.
enum Hints {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote", "cookie", "consent", "newsletter", "subscribe",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post",
        "text", "blog", "story",
    ]
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
        "skyscraper", "sponsor", "shopping", "tags", "widget", "cookie", "subscribe", "newsletter", "social",
        "popup", "nav", "menu",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]

    /// Which of the word lists `text` hits, in one pass over it.
    static func scan(_ text: UnsafeBufferPointer<UInt8>) -> HintWords {
        HintTable.shared.scan(text)
    }

    /// An inline style with `display: none` or `visibility: hidden`.
    static func hidesElement(_ style: some Collection<UInt8>) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(style.count)
        for byte in style where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            compact.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return contains(compact, displayNone) || contains(compact, visibilityHidden)
    }

    private static let displayNone = Array("display:none".utf8)
    private static let visibilityHidden = Array("visibility:hidden".utf8)

    static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, text.count >= needle.count else { return false }
        let first = needle[0]
        for index in 0...(text.count - needle.count) where text[index] == first {
            var offset = 1
            while offset < needle.count, text[index + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}

/// The word lists an attribute value hits.
struct HintWords: OptionSet, Sendable {
    let rawValue: UInt16
    static let unlikely = HintWords(rawValue: 1 << 0)
    static let maybeCandidate = HintWords(rawValue: 1 << 1)
    static let positive = HintWords(rawValue: 1 << 2)
    static let negative = HintWords(rawValue: 1 << 3)
    static let byline = HintWords(rawValue: 1 << 4)
    /// The fallback image of a formula, hidden from screen readers but shown.
    static let fallbackImage = HintWords(rawValue: 1 << 5)
    /// Readability's "hid" rule: the word `hid` alone, bounded by spaces or the ends.
    static let hidToken = HintWords(rawValue: 1 << 6)
    /// `share` or `sharedaddy` as a word, where `_` also bounds words.
    static let shareToken = HintWords(rawValue: 1 << 7)
}

/// Every word of every list once, grouped by first byte, so that a scan tries at each position
/// only the few words that start with the byte found there.
private struct HintTable: Sendable {
    static let shared = HintTable()

    private struct Word: Sendable {
        var bytes: [UInt8]
        /// Lists that contain the word as a plain substring.
        var lists: HintWords
        /// Lists that contain it only as a whole word, and how words are bounded there.
        var tokenLists: HintWords = []
        var underscoreBounds = false
    }

    private let words: [Word]
    /// `words[starts[b]..<starts[b + 1]]` begin with byte `b`.
    private let starts: [Int]

    init() {
        var byText: [[UInt8]: Word] = [:]
        func add(_ list: [String], _ lists: HintWords) {
            for text in list { byText[Array(text.utf8), default: Word(bytes: Array(text.utf8), lists: [])].lists.insert(lists) }
        }
        add(Hints.unlikely, .unlikely)
        add(Hints.maybeCandidate, .maybeCandidate)
        add(Hints.positive, .positive)
        add(Hints.negative, .negative)
        add(Hints.byline, .byline)
        add(["fallback-image"], .fallbackImage)
        byText[Array("hid".utf8), default: Word(bytes: Array("hid".utf8), lists: [])].tokenLists = .hidToken
        for token in ["share", "sharedaddy"] {
            byText[Array(token.utf8), default: Word(bytes: Array(token.utf8), lists: [])].tokenLists = .shareToken
            byText[Array(token.utf8)]?.underscoreBounds = true
        }
        let sorted = byText.values.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        var starts = Array(repeating: sorted.count, count: 257)
        for (index, word) in sorted.enumerated().reversed() { starts[Int(word.bytes[0])] = index }
        for byte in stride(from: 255, through: 0, by: -1) where starts[byte] == sorted.count {
            starts[byte] = starts[byte + 1]
        }
        words = sorted
        self.starts = starts
    }

    func scan(_ text: UnsafeBufferPointer<UInt8>) -> HintWords {
        var found: HintWords = []
        let count = text.count
        for index in 0..<count {
            let first = Int(lower(text[index]))
            var candidate = starts[first]
            let end = starts[first + 1]
            while candidate < end {
                let word = words[candidate]
                candidate += 1
                let length = word.bytes.count
                guard index + length <= count else { continue }
                var offset = 1
                while offset < length, lower(text[index + offset]) == word.bytes[offset] { offset += 1 }
                guard offset == length else { continue }
                found.formUnion(word.lists)
                if !word.tokenLists.isEmpty,
                    index == 0 || isBound(text[index - 1], word.underscoreBounds),
                    index + length == count || isBound(text[index + length], word.underscoreBounds)
                {
                    found.formUnion(word.tokenLists)
                }
            }
        }
        return found
    }

    private func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    /// Spaces bound `hid`; anything but a letter or digit (or `_`) bounds `share`.
    private func isBound(_ byte: UInt8, _ underscore: Bool) -> Bool {
        guard underscore else { return byte == 0x20 }
        let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        return !isWordByte || byte == 0x5F
    }
}
