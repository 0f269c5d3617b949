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

/// Every word of every list once, grouped by their first two bytes, so that a scan tries at
/// each position only the one or two words that start with the pair found there. Flat
/// arrays: the scan runs over every class and id of a page.
private struct HintTable: Sendable {
    static let shared = HintTable()

    /// The words end to end, and where each starts and ends in `text`.
    private let text: [UInt8]
    private let bounds: [(start: Int, end: Int)]
    /// Lists that contain the word as a plain substring.
    private let lists: [HintWords]
    /// Lists that contain it only as a whole word.
    private let tokenLists: [HintWords]
    /// Whether `_` and other non-alphanumerics bound the word (else only spaces do).
    private let looseBounds: [Bool]
    /// One bit per pair of bytes that starts a word: most positions are ruled out with one load.
    private let pairs: [UInt64]
    /// Set bits before each word of `pairs`, so that a set bit's rank indexes `groups`.
    private let ranks: [Int]
    /// The words that start with the pair of that rank.
    private let groups: [Range<Int>]

    init() {
        var plain: [[UInt8]: HintWords] = [:]
        func add(_ list: [String], _ lists: HintWords) {
            for word in list { plain[Array(word.utf8), default: []].insert(lists) }
        }
        add(Hints.unlikely, .unlikely)
        add(Hints.maybeCandidate, .maybeCandidate)
        add(Hints.positive, .positive)
        add(Hints.negative, .negative)
        add(Hints.byline, .byline)
        add(["fallback-image"], .fallbackImage)
        let tokens: [[UInt8]: HintWords] = [
            Array("hid".utf8): .hidToken, Array("share".utf8): .shareToken, Array("sharedaddy".utf8): .shareToken,
        ]
        let words = Set(plain.keys).union(tokens.keys).sorted { $0.lexicographicallyPrecedes($1) }
        var text: [UInt8] = []
        var bounds: [(start: Int, end: Int)] = []
        var pairs = Array(repeating: UInt64(0), count: 1024)
        var groups: [Range<Int>] = []
        for (index, word) in words.enumerated() {
            bounds.append((text.count, text.count + word.count))
            text.append(contentsOf: word)
            let key = HintTable.key(word[0], word[1])
            if pairs[key >> 6] & (1 << UInt64(key & 63)) != 0, let last = groups.last {
                groups[groups.count - 1] = last.lowerBound..<(index + 1)
            } else {
                pairs[key >> 6] |= 1 << UInt64(key & 63)
                groups.append(index..<(index + 1))
            }
        }
        var ranks: [Int] = []
        var total = 0
        for bits in pairs {
            ranks.append(total)
            total += bits.nonzeroBitCount
        }
        self.text = text
        self.bounds = bounds
        self.lists = words.map { plain[$0] ?? [] }
        self.tokenLists = words.map { tokens[$0] ?? [] }
        self.looseBounds = words.map { tokens[$0] == .shareToken }
        self.pairs = pairs
        self.ranks = ranks
        self.groups = groups
    }

    private static func key(_ first: UInt8, _ second: UInt8) -> Int { Int(first) << 8 | Int(second) }

    func scan(_ value: UnsafeBufferPointer<UInt8>) -> HintWords {
        var found: HintWords = []
        let count = value.count
        guard count >= 2 else { return found }
        for index in 0..<(count - 1) {
            let key = HintTable.key(lower(value[index]), lower(value[index + 1]))
            let bits = pairs[key >> 6]
            let bit = UInt64(1) << UInt64(key & 63)
            guard bits & bit != 0 else { continue }
            for word in groups[ranks[key >> 6] + (bits & (bit - 1)).nonzeroBitCount] {
                let (start, stop) = bounds[word]
                let length = stop - start
                guard index + length <= count else { continue }
                var offset = 2
                while offset < length, lower(value[index + offset]) == text[start + offset] { offset += 1 }
                guard offset == length else { continue }
                found.formUnion(lists[word])
                if !tokenLists[word].isEmpty,
                    index == 0 || isBound(value[index - 1], looseBounds[word]),
                    index + length == count || isBound(value[index + length], looseBounds[word])
                {
                    found.formUnion(tokenLists[word])
                }
            }
        }
        return found
    }

    private func lower(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

    /// Spaces bound `hid`; anything but a letter or digit (or `_`) bounds `share`.
    private func isBound(_ byte: UInt8, _ loose: Bool) -> Bool {
        guard loose else { return byte == 0x20 }
        let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        return !isWordByte || byte == 0x5F
    }
}
