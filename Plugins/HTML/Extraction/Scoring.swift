/// Which of Readability's heuristics are on; each retry turns one more off.
struct ExtractionFlags: Sendable {
    var stripUnlikely = true
    var weightClasses = true
    var cleanConditionally = true

    /// The attempts in order: all heuristics, then fewer and fewer.
    static let attempts: [ExtractionFlags] = [
        ExtractionFlags(),
        ExtractionFlags(stripUnlikely: false),
        ExtractionFlags(stripUnlikely: false, weightClasses: false),
        ExtractionFlags(stripUnlikely: false, weightClasses: false, cleanConditionally: false),
    ]
}

/// What ad slots and lazy loaders say when they are empty (Readability's lists).
let advertisementLabels: Set<String> = [
    "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio",
    "loading", "loading…", "loading...", "正在加载", "正在加载…", "загрузка", "загрузка…", "chargement",
    "chargement…", "chargement...", "cargando", "cargando…", "cargando...",
]

/// The labels that are plain ASCII, as bytes: most short texts are ASCII.
private let asciiAdvertisementLabels: Set<[UInt8]> = Set(
    advertisementLabels.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) })

extension DOM {
    /// +25 per positive, -25 per negative word in the class and in the id.
    func classWeight(_ index: Int32, flags: ExtractionFlags) -> Double {
        flags.weightClasses ? Double(self[index].classWeight) : 0
    }

    /// A candidate's starting score: what its element type says, plus its class weight.
    func initialScore(_ index: Int32, flags: ExtractionFlags) -> Double {
        var score: Double
        switch tag(index) {
        case .div: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        return score + classWeight(index, flags: flags)
    }

    func isProbablyVisible(_ index: Int32) -> Bool { !self[index].hints.contains(.hidden) }

    /// An element, such as a link to the author, that names who wrote the page.
    func looksLikeByline(_ index: Int32) -> Bool { self[index].hints.contains(.byline) }

    /// A post quoted from a social network is the article's, whatever the wrapper around its
    /// embed code is named ("social-media-embed").
    func holdsEmbeddedPost(_ index: Int32) -> Bool {
        if self[index].hints.contains(.embeddedPost) { return true }
        var found = false
        forEachDescendant(of: index) { node in
            if self[node].hints.contains(.embeddedPost) { found = true }
            return !found
        }
        return found
    }

    /// An element that only says "Advertisement" or "Loading…", in one of several languages.
    func isAdvertisementLabel(_ index: Int32) -> Bool {
        let child = self[index].firstChild
        guard child != -1, child == self[index].lastChild, tag(child) == .text, self[child].length <= 15 else {
            return false
        }
        let raw = textBytes(child)
        guard raw.allSatisfy({ $0 < 0x80 }) else {
            return advertisementLabels.contains(text(child).collapsingWhitespace().lowercased())
        }
        // ASCII: collapse and lowercase the bytes, no `String` needed.
        var words: [UInt8] = []
        var space = false
        for byte in raw {
            if byte <= 0x20 || byte == 0x7F {
                space = !words.isEmpty
            } else {
                if space { words.append(0x20) }
                space = false
                words.append(byte &- 65 < 26 ? byte | 0x20 : byte)
            }
        }
        return asciiAdvertisementLabels.contains(words)
    }

    /// No text, and no children but line breaks and rules.
    func isWithoutContent(_ index: Int32) -> Bool {
        if hasText(index) { return false }
        var child = self[index].firstChild
        while child != -1 {
            let childTag = tag(child)
            if childTag != .text, childTag != .br, childTag != .hr { return false }
            child = self[child].next
        }
        return true
    }

    /// Text or an inline element: what may sit in a paragraph. Links and edits count when
    /// everything in them does.
    func isPhrasingContent(_ index: Int32) -> Bool {
        let own = tag(index)
        if own.isPhrasing { return true }
        guard own == .a || own == .del || own == .ins else { return false }
        var phrasing = true
        forEachDescendant(of: index) { node in
            guard phrasing else { return false }
            let nodeTag = tag(node)
            if nodeTag.isPhrasing { return false }
            if nodeTag == .a || nodeTag == .del || nodeTag == .ins { return true }
            phrasing = false
            return false
        }
        return phrasing
    }

    /// Blank text or a line break.
    func isWhitespace(_ index: Int32) -> Bool {
        let own = tag(index)
        return own == .br || (own == .text && self[index].blank)
    }

    func hasBlockDescendant(_ index: Int32) -> Bool {
        var found = false
        forEachDescendant(of: index) { node in
            if found { return false }
            if tag(node).isParagraphBreaker { found = true }
            return !found
        }
        return found
    }

    /// Exactly one element child, a `wanted`, and no text of its own.
    func hasSingleChild(_ index: Int32, _ wanted: ElementKind) -> Bool {
        var only: Int32 = -1
        var child = self[index].firstChild
        while child != -1 {
            if tag(child) == .text {
                if !self[child].blank { return false }
            } else {
                if only != -1 { return false }
                only = child
            }
            child = self[child].next
        }
        return only != -1 && tag(only) == wanted
    }
}
