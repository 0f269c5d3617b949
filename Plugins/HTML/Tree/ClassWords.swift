/// Words in `class` and `id` attributes that tell content from page furniture
/// (Readability's lists). Matched as ASCII-lowercase substrings, as its regular expressions do,
/// once per attribute while the page is parsed.
enum ClassWords {
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
    /// Text kept for screen readers and moved off the screen: a sighted reader never sees it
    /// ("Image copyright", "Opens in a new window"). Not `visually-hidden`: Readability's
    /// expected pages keep that text (nytimes-1's "Credit", "Continue reading the main story").
    static let screenReaderOnly = ["sr-only", "screen-reader", "off-screen", "offscreen", "element-invisible"]
    /// Who took a picture, and the caption set beside it by class alone: lines under a
    /// picture, not the article's text.
    static let credit = ["credit", "copyright"]
    static let caption = ["caption"]
    /// A box that asks for an email address: named so, it is furniture even inside a part
    /// named for the article ("article-body__newsletter"), where Readability keeps it.
    static let signup = ["newsletter", "signup", "sign-up"]
    /// The box about the writer under a post: not the post.
    static let authorBox = ["author-bio", "author-box", "author-details", "author-info", "about-author", "post-author"]
    /// A post from a social network quoted in the article, as its embed code marks it up.
    static let embeddedPost = ["twitter-tweet", "instagram-media", "tiktok-embed"]

    /// Which of the word lists `text` hits, in one pass over it.
    static func scan(_ text: UnsafeBufferPointer<UInt8>) -> ClassWordHits {
        ClassWordMatcher.shared.scan(text)
    }
}

/// The word lists an attribute value hits.
struct ClassWordHits: OptionSet, Sendable {
    let rawValue: UInt16
    static let unlikely = ClassWordHits(rawValue: 1 << 0)
    static let maybeCandidate = ClassWordHits(rawValue: 1 << 1)
    static let positive = ClassWordHits(rawValue: 1 << 2)
    static let negative = ClassWordHits(rawValue: 1 << 3)
    static let byline = ClassWordHits(rawValue: 1 << 4)
    /// The fallback image of a formula, hidden from screen readers but shown.
    static let fallbackImage = ClassWordHits(rawValue: 1 << 5)
    /// Readability's "hid" rule: the word `hid` alone, bounded by spaces or the ends.
    static let hidToken = ClassWordHits(rawValue: 1 << 6)
    /// `share` or `sharedaddy` as a word, where `_` also bounds words.
    static let shareToken = ClassWordHits(rawValue: 1 << 7)
    static let screenReaderOnly = ClassWordHits(rawValue: 1 << 8)
    static let credit = ClassWordHits(rawValue: 1 << 9)
    static let caption = ClassWordHits(rawValue: 1 << 10)
    static let signup = ClassWordHits(rawValue: 1 << 11)
    static let embeddedPost = ClassWordHits(rawValue: 1 << 12)
    static let authorBox = ClassWordHits(rawValue: 1 << 13)
}

/// Every word of every list in one Aho-Corasick automaton over ASCII-lowercased bytes: a scan
/// is one table step per byte, whatever the number of words (it runs over every class and id
/// of a page). Bytes that occur in no word share one input class, which keeps the table small.
private struct ClassWordMatcher: Sendable {
    static let shared = ClassWordMatcher()

    /// A word that counts only when bounded (`hid` by spaces; `share` by anything but letters
    /// and digits), checked where it ends.
    private struct Token: Sendable {
        var length: Int
        var lists: ClassWordHits
        var looseBounds: Bool
    }

    /// The input class of each byte.
    private let classes: [UInt8]
    private let classCount: Int
    /// `transitions[state * classCount + class]`: the next state.
    private let transitions: [UInt16]
    /// The lists of every word that ends in a state, its suffixes' included.
    private let outputs: [ClassWordHits]
    /// The bounded words that end in a state, when any.
    private let tokens: [[Token]]

    init() {
        var plain: [[UInt8]: ClassWordHits] = [:]
        func add(_ list: [String], _ lists: ClassWordHits) {
            for word in list { plain[Array(word.utf8), default: []].insert(lists) }
        }
        add(ClassWords.unlikely, .unlikely)
        add(ClassWords.maybeCandidate, .maybeCandidate)
        add(ClassWords.positive, .positive)
        add(ClassWords.negative, .negative)
        add(ClassWords.byline, .byline)
        add(ClassWords.screenReaderOnly, .screenReaderOnly)
        add(ClassWords.credit, .credit)
        add(ClassWords.caption, .caption)
        add(ClassWords.signup, .signup)
        add(ClassWords.embeddedPost, .embeddedPost)
        add(ClassWords.authorBox, .authorBox)
        add(["fallback-image"], .fallbackImage)
        let bounded: [[UInt8]: (ClassWordHits, Bool)] = [
            Array("hid".utf8): (.hidToken, false), Array("share".utf8): (.shareToken, true),
            Array("sharedaddy".utf8): (.shareToken, true),
        ]
        let words = Set(plain.keys).union(bounded.keys).sorted { $0.lexicographicallyPrecedes($1) }

        var classes = [UInt8](repeating: 0, count: 256)
        var classCount = 1
        for byte in Set(words.joined()).sorted() {
            classes[Int(byte)] = UInt8(classCount)
            classCount += 1
        }
        // The trie.
        var children: [[Int: Int]] = [[:]]
        var outputs: [ClassWordHits] = [[]]
        var tokens: [[Token]] = [[]]
        for word in words {
            var state = 0
            for byte in word {
                let input = Int(classes[Int(byte)])
                if let next = children[state][input] {
                    state = next
                } else {
                    children.append([:])
                    outputs.append([])
                    tokens.append([])
                    children[state][input] = children.count - 1
                    state = children.count - 1
                }
            }
            outputs[state].formUnion(plain[word] ?? [])
            if let (lists, loose) = bounded[word] { tokens[state].append(Token(length: word.count, lists: lists, looseBounds: loose)) }
        }
        // Failure links, breadth first; then every missing move follows them.
        var transitions = [UInt16](repeating: 0, count: children.count * classCount)
        var failure = [Int](repeating: 0, count: children.count)
        var queue: [Int] = []
        for input in 0..<classCount {
            if let next = children[0][input] {
                transitions[input] = UInt16(next)
                queue.append(next)
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            outputs[state].formUnion(outputs[failure[state]])
            tokens[state] += tokens[failure[state]]
            for input in 0..<classCount {
                if let next = children[state][input] {
                    failure[next] = Int(transitions[failure[state] * classCount + input])
                    transitions[state * classCount + input] = UInt16(next)
                    queue.append(next)
                } else {
                    transitions[state * classCount + input] = transitions[failure[state] * classCount + input]
                }
            }
        }
        self.classes = classes
        self.classCount = classCount
        self.transitions = transitions
        self.outputs = outputs
        self.tokens = tokens
    }

    func scan(_ value: UnsafeBufferPointer<UInt8>) -> ClassWordHits {
        var found: ClassWordHits = []
        var state = 0
        classes.withUnsafeBufferPointer { classes in
            transitions.withUnsafeBufferPointer { transitions in
                outputs.withUnsafeBufferPointer { outputs in
                    for index in 0..<value.count {
                        let byte = value[index]
                        let lowered = byte &- 65 < 26 ? byte | 0x20 : byte
                        state = Int(transitions[state * classCount + Int(classes[Int(lowered)])])
                        found.formUnion(outputs[state])
                        guard !tokens[state].isEmpty else { continue }
                        for token in tokens[state] {
                            let start = index + 1 - token.length
                            if start == 0 || isBound(value[start - 1], token.looseBounds),
                                index + 1 == value.count || isBound(value[index + 1], token.looseBounds)
                            {
                                found.formUnion(token.lists)
                            }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Spaces bound `hid`; anything but a letter or digit (or `_`) bounds `share`.
    private func isBound(_ byte: UInt8, _ loose: Bool) -> Bool {
        guard loose else { return byte == 0x20 }
        let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        return !isWordByte || byte == 0x5F
    }
}
